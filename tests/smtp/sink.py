"""An SMTP server for the mail tests: aiosmtpd (PyPI) storing every message it accepts in a
maildir, optionally taking its time before it answers the message (to stop a sender in the
middle of sending).

    PYTHONPATH=tests/smtp python3 -m aiosmtpd -n -l 127.0.0.1:PORT -c sink.Sink MAILDIR [DELAY]
"""

import asyncio

from aiosmtpd.handlers import Mailbox


class Sink(Mailbox):
    def __init__(self, mail_dir, delay="0"):
        super().__init__(mail_dir)
        self.delay = float(delay)

    async def handle_DATA(self, server, session, envelope):
        if self.delay:
            await asyncio.sleep(self.delay)
        return await super().handle_DATA(server, session, envelope)

    @classmethod
    def from_cli(cls, parser, *args):
        if not 1 <= len(args) <= 2:
            parser.error("Sink takes a maildir and an optional delay in seconds")
        return cls(*args)
