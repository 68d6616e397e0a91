import { ErrorStatusPage } from './status-page'

/** 404: the root's as a page, an area's inside its layout. */
export function NotFoundPage() {
  return <ErrorStatusPage type="404" />
}
