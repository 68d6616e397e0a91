/** A form-level message (already translated), announced to screen readers. */
export function FormAlert({ children, tone = 'error' }: { children?: string; tone?: 'error' | 'info' }) {
  if (!children) return null
  return tone === 'error' ? (
    <p role="alert" className="text-sm text-danger">
      {children}
    </p>
  ) : (
    <p role="status" className="text-sm text-muted-foreground">
      {children}
    </p>
  )
}
