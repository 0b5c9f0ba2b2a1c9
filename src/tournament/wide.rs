//! Fixed-width signed integers of `64 * L` bits (two's complement), for matching weights that
//! encode many pairing criteria at once and so need hundreds of bits.

// Index loops mirror the textbook algorithms and keep parallel arrays in step.
#![expect(clippy::needless_range_loop)]

use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, AddAssign, Sub, SubAssign};

/// A signed integer of `64 * L` bits. Arithmetic wraps; callers size `L` so it never does.
#[derive(Clone, Copy, Eq)]
pub struct Wide<const L: usize>(pub(crate) [u64; L]);

/// Limb by limb, inlined: the matching compares weights millions of times, and the derived
/// comparison of an array calls `memcmp`.
impl<const L: usize> PartialEq for Wide<L> {
    #[inline]
    fn eq(&self, other: &Wide<L>) -> bool {
        let mut differ = 0;
        for i in 0..L {
            differ |= self.0[i] ^ other.0[i];
        }
        differ == 0
    }
}

impl<const L: usize> std::hash::Hash for Wide<L> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.hash(state);
    }
}

impl<const L: usize> Default for Wide<L> {
    fn default() -> Self {
        Wide([0; L])
    }
}

impl<const L: usize> Wide<L> {
    /// Zero.
    pub const ZERO: Wide<L> = Wide([0; L]);

    /// A small non-negative value.
    #[must_use]
    pub fn from_u64(value: u64) -> Wide<L> {
        let mut limbs = [0; L];
        if L > 0 {
            limbs[0] = value;
        }
        Wide(limbs)
    }

    #[must_use]
    pub fn is_zero(&self) -> bool {
        self.0.iter().all(|&l| l == 0)
    }

    #[must_use]
    pub fn is_negative(&self) -> bool {
        L > 0 && (self.0[L - 1] >> 63) == 1
    }

    /// Shifts left by `bits` (bits shifted out are lost).
    #[must_use]
    pub fn shl(&self, bits: u32) -> Wide<L> {
        let words = (bits / 64) as usize;
        let rest = bits % 64;
        let mut out = [0u64; L];
        for i in (0..L).rev() {
            if i < words {
                break;
            }
            let src = i - words;
            let mut value = self.0[src] << rest;
            if rest > 0 && src > 0 {
                value |= self.0[src - 1] >> (64 - rest);
            }
            out[i] = value;
        }
        Wide(out)
    }

    /// Arithmetic shift right by one (division by two rounding towards minus infinity).
    #[must_use]
    pub fn half(&self) -> Wide<L> {
        let mut out = [0u64; L];
        let negative = self.is_negative();
        for i in 0..L {
            let high = if i + 1 < L {
                self.0[i + 1] << 63
            } else if negative {
                1 << 63
            } else {
                0
            };
            out[i] = (self.0[i] >> 1) | high;
        }
        Wide(out)
    }

    /// The lowest 64 bits: two values whose difference is zero agree in them.
    #[must_use]
    pub fn low(&self) -> u64 {
        if L > 0 { self.0[0] } else { 0 }
    }

    /// The value modulo the prime 2^61 - 1: a fingerprint of the exact integer. Equal values
    /// have equal residues and a sum's residue is the sum of the residues
    /// ([`add_residues`]), so two residues that differ prove two values differ.
    #[must_use]
    pub fn residue(&self) -> u64 {
        if self.is_negative() {
            match (Wide::ZERO - *self).residue_of_magnitude() {
                0 => 0,
                r => RESIDUE_PRIME - r,
            }
        } else {
            self.residue_of_magnitude()
        }
    }

    fn residue_of_magnitude(&self) -> u64 {
        let mut residue = 0u64;
        for i in (0..L).rev() {
            residue = reduce((u128::from(residue) << 64) | u128::from(self.0[i]));
        }
        residue
    }

    /// Subtracts a small non-negative value; the borrow stops at the first limb it need not
    /// pass, so this mostly touches one limb.
    #[must_use]
    #[inline]
    pub fn sub_u64(mut self, value: u64) -> Wide<L> {
        let mut borrow = value;
        for i in 0..L {
            if borrow == 0 {
                break;
            }
            let (diff, under) = self.0[i].overflowing_sub(borrow);
            self.0[i] = diff;
            borrow = u64::from(under);
        }
        self
    }

    /// Adds `value` shifted left by `bit` (carries run up as far as they need to).
    pub fn add_at(&mut self, bit: u32, value: u64) {
        if value == 0 {
            return;
        }
        let word = (bit / 64) as usize;
        let rest = bit % 64;
        let mut carry = u128::from(value) << rest;
        for i in word..L {
            if carry == 0 {
                break;
            }
            let sum = u128::from(self.0[i]) + (carry & u128::from(u64::MAX));
            self.0[i] = sum as u64;
            carry = (carry >> 64) + (sum >> 64);
        }
    }

    /// The highest set bit plus one (0 for zero); meaningful for non-negative values.
    #[must_use]
    pub fn bit_length(&self) -> u32 {
        for i in (0..L).rev() {
            if self.0[i] != 0 {
                return 64 * i as u32 + (64 - self.0[i].leading_zeros());
            }
        }
        0
    }
}

/// The modulus of [`Wide::residue`], a Mersenne prime, so reducing needs no division.
pub const RESIDUE_PRIME: u64 = (1 << 61) - 1;

/// `x` modulo [`RESIDUE_PRIME`], for `x` below 2^125.
#[must_use]
pub fn reduce(x: u128) -> u64 {
    let prime = u128::from(RESIDUE_PRIME);
    // 2^61 is 1 modulo the prime: fold the high bits onto the low ones.
    let folded = (x & prime) + (x >> 61);
    let folded = ((folded & prime) + (folded >> 61)) as u64;
    if folded >= RESIDUE_PRIME {
        folded - RESIDUE_PRIME
    } else {
        folded
    }
}

/// The residue of a sum, from the residues of its terms.
#[must_use]
pub fn add_residues(a: u64, b: u64) -> u64 {
    let sum = a + b;
    if sum >= RESIDUE_PRIME {
        sum - RESIDUE_PRIME
    } else {
        sum
    }
}

impl<const L: usize> Add for Wide<L> {
    type Output = Wide<L>;

    #[inline(always)]
    fn add(self, other: Wide<L>) -> Wide<L> {
        let mut out = [0u64; L];
        let mut carry = false;
        for i in 0..L {
            let (sum, c1) = self.0[i].overflowing_add(other.0[i]);
            let (sum, c2) = sum.overflowing_add(u64::from(carry));
            out[i] = sum;
            carry = c1 || c2;
        }
        Wide(out)
    }
}

impl<const L: usize> Sub for Wide<L> {
    type Output = Wide<L>;

    #[inline(always)]
    fn sub(self, other: Wide<L>) -> Wide<L> {
        let mut out = [0u64; L];
        let mut borrow = false;
        for i in 0..L {
            let (diff, b1) = self.0[i].overflowing_sub(other.0[i]);
            let (diff, b2) = diff.overflowing_sub(u64::from(borrow));
            out[i] = diff;
            borrow = b1 || b2;
        }
        Wide(out)
    }
}

impl<const L: usize> AddAssign for Wide<L> {
    #[inline(always)]
    fn add_assign(&mut self, other: Wide<L>) {
        *self = *self + other;
    }
}

impl<const L: usize> SubAssign for Wide<L> {
    #[inline(always)]
    fn sub_assign(&mut self, other: Wide<L>) {
        *self = *self - other;
    }
}

impl<const L: usize> Ord for Wide<L> {
    #[inline]
    fn cmp(&self, other: &Wide<L>) -> Ordering {
        match (self.is_negative(), other.is_negative()) {
            (true, false) => return Ordering::Less,
            (false, true) => return Ordering::Greater,
            _ => {}
        }
        for i in (0..L).rev() {
            match self.0[i].cmp(&other.0[i]) {
                Ordering::Equal => {}
                unequal => return unequal,
            }
        }
        Ordering::Equal
    }
}

impl<const L: usize> PartialOrd for Wide<L> {
    #[inline]
    fn partial_cmp(&self, other: &Wide<L>) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<const L: usize> fmt::Debug for Wide<L> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_negative() {
            write!(f, "-")?;
            return fmt::Debug::fmt(&(Wide::ZERO - *self), f);
        }
        write!(f, "0x")?;
        let mut started = false;
        for i in (0..L).rev() {
            if started {
                write!(f, "{:016x}", self.0[i])?;
            } else if self.0[i] != 0 || i == 0 {
                write!(f, "{:x}", self.0[i])?;
                started = true;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type W = Wide<3>;

    fn to_i128(w: W) -> i128 {
        // Only for values that fit.
        let low = u128::from(w.0[0]) | (u128::from(w.0[1]) << 64);
        low as i128
    }

    #[test]
    fn arithmetic_matches_i128_on_small_values() {
        let mut rng = fastrand::Rng::with_seed(1);
        for _ in 0..10_000 {
            let a = i128::from(rng.i64(..));
            let b = i128::from(rng.i64(..));
            let wa = if a < 0 {
                W::ZERO - W::from_u64(a.unsigned_abs() as u64)
            } else {
                W::from_u64(a as u64)
            };
            let wb = if b < 0 {
                W::ZERO - W::from_u64(b.unsigned_abs() as u64)
            } else {
                W::from_u64(b as u64)
            };
            assert_eq!(to_i128(wa + wb), a + b);
            assert_eq!(to_i128(wa - wb), a - b);
            assert_eq!(wa.cmp(&wb), a.cmp(&b));
            assert_eq!(to_i128(wa.half()), a.div_euclid(2));
        }
    }

    #[test]
    fn residues_follow_sums_and_signs() {
        let mut rng = fastrand::Rng::with_seed(3);
        for _ in 0..2_000 {
            let a = Wide::<3>([rng.u64(..), rng.u64(..), rng.u64(..1 << 40)]);
            let b = Wide::<3>([rng.u64(..), rng.u64(..), rng.u64(..1 << 40)]);
            let b = if rng.bool() { Wide::ZERO - b } else { b };
            assert_eq!((a + b).residue(), add_residues(a.residue(), b.residue()));
            assert_eq!(
                (Wide::ZERO - a).residue(),
                (RESIDUE_PRIME - a.residue()) % RESIDUE_PRIME
            );
        }
        let big: i128 = (1 << 100) + 12_345;
        let limbs = |v: i128| Wide::<2>([v as u64, (v >> 64) as u64]);
        let prime = i128::from(RESIDUE_PRIME);
        assert_eq!(i128::from(limbs(big).residue()), big % prime);
        assert_eq!(i128::from(limbs(-big).residue()), (-big).rem_euclid(prime));
        assert_eq!(Wide::<2>::ZERO.residue(), 0);
    }

    #[test]
    fn subtracting_a_word_borrows_across_limbs() {
        let limbs = |v: i128| Wide::<3>([v as u64, (v >> 64) as u64, (v >> 127) as u64]);
        for (a, b) in [
            (5i128, 3u64),
            (1 << 64, 1),
            (0, 7),
            (-(1 << 70), u64::MAX),
            (1 << 100, 0),
        ] {
            assert_eq!(limbs(a).sub_u64(b), limbs(a - i128::from(b)), "{a} - {b}");
        }
    }

    #[test]
    fn shifts_cross_limbs() {
        let one = W::from_u64(1);
        assert_eq!(one.shl(64).0, [0, 1, 0]);
        assert_eq!(one.shl(130).0, [0, 0, 4]);
        assert_eq!(W::from_u64(u64::MAX).shl(4).0, [u64::MAX << 4, 15, 0]);
        assert_eq!(one.shl(129).bit_length(), 130);
        assert_eq!(one.shl(65).half().0, [0, 1, 0]);
    }
}
