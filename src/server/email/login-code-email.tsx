import { Body, Container, Head, Heading, Html, Preview, Section, Text } from '@react-email/components'

export interface LoginCodeEmailProps {
  code: string
  language: string
  dir: 'ltr' | 'rtl'
  texts: { preview: string; title: string; intro: string; expiry: string; ignore: string }
}

/** The sign-in e-mail: the code large and alone, so it is easy to read and copy. */
export function LoginCodeEmail({ code, language, dir, texts }: LoginCodeEmailProps) {
  return (
    <Html lang={language} dir={dir}>
      <Head />
      <Preview>{texts.preview}</Preview>
      <Body style={{ backgroundColor: '#f4f4f5', fontFamily: 'system-ui, sans-serif', padding: '24px 0' }}>
        <Container style={{ backgroundColor: '#ffffff', borderRadius: 12, padding: 32, maxWidth: 480 }}>
          <Heading as="h1" style={{ fontSize: 22, margin: '0 0 16px' }}>
            {texts.title}
          </Heading>
          <Text style={{ fontSize: 15, color: '#3f3f46' }}>{texts.intro}</Text>
          <Section style={{ backgroundColor: '#f4f4f5', borderRadius: 8, margin: '16px 0', textAlign: 'center' }}>
            <Text
              style={{ fontSize: 32, fontWeight: 700, letterSpacing: 8, margin: '16px 0', fontFamily: 'monospace' }}
            >
              {code}
            </Text>
          </Section>
          <Text style={{ fontSize: 13, color: '#71717a' }}>{texts.expiry}</Text>
          <Text style={{ fontSize: 13, color: '#71717a' }}>{texts.ignore}</Text>
        </Container>
      </Body>
    </Html>
  )
}
