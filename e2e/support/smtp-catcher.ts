import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

/**
 * A plain local SMTP server (no auth, no TLS, as the app's nodemailer
 * transport expects in tests) handing every parsed e-mail to `onMail` with
 * its envelope recipients (the real ones, Bcc included). Used by the e2e mail
 * catcher and by the benchmark.
 */
export function createSmtpCatcher(onMail: (mail: ParsedMail, envelopeTo: string[]) => void) {
  return new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          onMail(
            mail,
            session.envelope.rcptTo.map((rcpt) => rcpt.address),
          )
          callback()
        })
        .catch((error: Error) => callback(error))
    },
  })
}
