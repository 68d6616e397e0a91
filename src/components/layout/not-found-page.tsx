import { ErrorStatusPage } from './status-screen'

/** 404: the root's as a page, an area's inside its layout. */
export function NotFoundPage() {
  return <ErrorStatusPage type="404" />
}
