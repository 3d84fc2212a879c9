import { DocumentPage } from './document-page'

/** An agreement by key (`?key=&title=`), from GET /api/sys-protocols/{key}. */
export default function PrivacyPage() {
  return <DocumentPage page="privacy" />
}
