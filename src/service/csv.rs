//! Writing CSV files, in two styles: plain, for scripts (UTF-8, `,`, a decimal point: the same
//! bytes whatever the reader's language), and for a spreadsheet opened by a double click
//! (a byte-order mark, so LibreOffice and Excel read UTF-8 without being told; in Portuguese
//! and French `;` between fields and a decimal comma, so `4,5` arrives as a number).

/// How a CSV file is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CsvStyle {
    Plain,
    Spreadsheet { decimal_comma: bool },
}

impl CsvStyle {
    fn separator(self) -> char {
        match self {
            CsvStyle::Spreadsheet {
                decimal_comma: true,
            } => ';',
            _ => ',',
        }
    }

    /// A short name, for the caches' keys.
    #[must_use]
    pub fn key(self) -> &'static str {
        match self {
            CsvStyle::Plain => "plain",
            CsvStyle::Spreadsheet {
                decimal_comma: false,
            } => "sheet",
            CsvStyle::Spreadsheet {
                decimal_comma: true,
            } => "sheet-comma",
        }
    }
}

/// A CSV file being written, row by row.
pub struct Csv {
    style: CsvStyle,
    out: String,
    row_started: bool,
}

impl Csv {
    #[must_use]
    pub fn new(style: CsvStyle) -> Csv {
        let out = match style {
            CsvStyle::Plain => String::new(),
            CsvStyle::Spreadsheet { .. } => String::from('\u{feff}'),
        };
        Csv {
            style,
            out,
            row_started: false,
        }
    }

    fn separate(&mut self) {
        if self.row_started {
            self.out.push(self.style.separator());
        }
        self.row_started = true;
    }

    /// A text field: quoted when it holds the separator, a quote or a line break; one that a
    /// spreadsheet would take for a formula (`=`, `+`, `-`, `@`, a tab or a carriage return
    /// first) is written after a `'`.
    pub fn text(&mut self, text: &str) -> &mut Csv {
        self.separate();
        let guarded;
        let text = if text.starts_with(['=', '+', '-', '@', '\t', '\r']) {
            guarded = format!("'{text}");
            guarded.as_str()
        } else {
            text
        };
        if text.contains([self.style.separator(), ',', '"', '\n', '\r']) {
            self.out.push('"');
            self.out.push_str(&text.replace('"', "\"\""));
            self.out.push('"');
        } else {
            self.out.push_str(text);
        }
        self
    }

    /// A number as the program writes it (`18.25`, `-3`): its decimal point becomes a comma
    /// where the spreadsheet's language writes one.
    pub fn number(&mut self, number: impl std::fmt::Display) -> &mut Csv {
        self.separate();
        let written = number.to_string();
        match self.style {
            CsvStyle::Spreadsheet {
                decimal_comma: true,
            } => self.out.push_str(&written.replace('.', ",")),
            _ => self.out.push_str(&written),
        }
        self
    }

    /// An empty field (a value nobody has, such as an unrated player's rating).
    pub fn blank(&mut self) -> &mut Csv {
        self.separate();
        self
    }

    pub fn end_row(&mut self) -> &mut Csv {
        self.out.push('\n');
        self.row_started = false;
        self
    }

    #[must_use]
    pub fn finish(self) -> String {
        self.out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(style: CsvStyle) -> String {
        let mut csv = Csv::new(style);
        csv.text("Ana Kiala")
            .text("Clube; \"A\", B")
            .number(4.5)
            .number(-18.25)
            .blank()
            .text("=1+1")
            .end_row();
        csv.finish()
    }

    #[test]
    fn each_style_writes_its_separator_and_decimals() {
        assert_eq!(
            row(CsvStyle::Plain),
            "Ana Kiala,\"Clube; \"\"A\"\", B\",4.5,-18.25,,'=1+1\n"
        );
        assert_eq!(
            row(CsvStyle::Spreadsheet {
                decimal_comma: false
            }),
            "\u{feff}Ana Kiala,\"Clube; \"\"A\"\", B\",4.5,-18.25,,'=1+1\n"
        );
        assert_eq!(
            row(CsvStyle::Spreadsheet {
                decimal_comma: true
            }),
            "\u{feff}Ana Kiala;\"Clube; \"\"A\"\", B\";4,5;-18,25;;'=1+1\n"
        );
    }
}
