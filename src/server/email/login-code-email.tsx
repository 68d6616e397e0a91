import { Heading, Section, Text } from '@react-email/components'

import { type EmailFrame, EmailLayout } from './email-layout'

export interface LoginCodeEmailProps {
  frame: EmailFrame
  code: string
  texts: { title: string; intro: string; expiry: string }
}

/** The sign-in e-mail: the code large and alone, so it is easy to read and copy. */
export function LoginCodeEmail({ frame, code, texts }: LoginCodeEmailProps) {
  return (
    <EmailLayout frame={frame}>
      <Heading as="h1" style={{ fontSize: 22, margin: '0 0 16px' }}>
        {texts.title}
      </Heading>
      <Text style={{ fontSize: 15, color: '#3f3f46' }}>{texts.intro}</Text>
      <Section style={{ backgroundColor: '#f4f4f5', borderRadius: 8, margin: '16px 0', textAlign: 'center' }}>
        <Text
          dir="ltr"
          style={{ fontSize: 32, fontWeight: 700, letterSpacing: 8, margin: '16px 0', fontFamily: 'monospace' }}
        >
          {code}
        </Text>
      </Section>
      <Text style={{ fontSize: 15, color: '#3f3f46' }}>{texts.expiry}</Text>
    </EmailLayout>
  )
}
