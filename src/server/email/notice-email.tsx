import { Heading, Section, Text } from '@react-email/components'

import { type EmailFrame, EmailLayout } from './email-layout'

export interface NoticeEmailProps {
  frame: EmailFrame
  title: string
  /** What happened and what to do, a paragraph each. */
  lines: string[]
  /** The facts of what happened (the device, the reason, the date), label and value. */
  facts?: Array<{ label: string; value: string }>
}

const paragraph = { fontSize: 15, color: '#3f3f46' }

/** Every e-mail that tells of something done to the account: welcome, new sign-in, ban, passkeys… */
export function NoticeEmail({ frame, title, lines, facts = [] }: NoticeEmailProps) {
  return (
    <EmailLayout frame={frame}>
      <Heading as="h1" style={{ fontSize: 22, margin: '0 0 16px' }}>
        {title}
      </Heading>
      {lines.map((line) => (
        <Text key={line} style={paragraph}>
          {line}
        </Text>
      ))}
      {facts.length > 0 ? (
        <Section style={{ backgroundColor: '#f4f4f5', borderRadius: 8, margin: '16px 0', padding: '4px 16px' }}>
          {facts.map((fact) => (
            <Text key={fact.label} style={{ ...paragraph, margin: '8px 0' }}>
              <strong>{fact.label}</strong> {fact.value}
            </Text>
          ))}
        </Section>
      ) : null}
    </EmailLayout>
  )
}
