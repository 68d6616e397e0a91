/** What every page shows above its content (environment badge, navigation progress). */
export function ShellOverlays() {
  return null
}
