import { DocumentPage } from './document-page'

/** The chosen lender's own contract or third-party protocol, with the loan's figures. */
export default function ThirdProtocolPage() {
  return <DocumentPage page="thirdProtocol" />
}
