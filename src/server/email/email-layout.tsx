import { Body, Button, Container, Head, Html, Preview, Text } from '@react-email/components'
import type { ReactNode } from 'react'

/** What every e-mail of the product carries around its own content. */
export interface EmailFrame {
  language: string
  dir: 'ltr' | 'rtl'
  /** The product's name, at the top: whom the e-mail is from. */
  product: string
  /** The line a mail client shows beside the subject. */
  preview: string
  /** Back to the product: the page where the e-mail is of use. */
  link: { href: string; label: string }
  /** Why it arrived, and what to do if it was not asked for. */
  footer: string[]
}

const muted = { fontSize: 13, color: '#52525b' }

/** The frame of the product's e-mails (src/server/email/README.md): one look, one place to change it. */
export function EmailLayout({ frame, children }: { frame: EmailFrame; children: ReactNode }) {
  return (
    <Html lang={frame.language} dir={frame.dir}>
      <Head />
      <Preview>{frame.preview}</Preview>
      <Body style={{ backgroundColor: '#f4f4f5', fontFamily: 'system-ui, sans-serif', padding: '24px 0' }}>
        <Container style={{ backgroundColor: '#ffffff', borderRadius: 12, padding: 32, maxWidth: 480 }}>
          <Text style={{ fontSize: 14, fontWeight: 700, color: '#18181b', margin: '0 0 16px' }}>{frame.product}</Text>
          {children}
          <Button
            href={frame.link.href}
            style={{
              backgroundColor: '#18181b',
              borderRadius: 8,
              color: '#ffffff',
              fontSize: 15,
              fontWeight: 600,
              padding: '12px 20px',
            }}
          >
            {frame.link.label}
          </Button>
          {frame.footer.map((line) => (
            <Text key={line} style={muted}>
              {line}
            </Text>
          ))}
        </Container>
      </Body>
    </Html>
  )
}
