import { HashRouter } from 'react-router-dom'
import { RouteProjection } from './route-projection'

/** The router and the projection that keeps the address bar and the machine in step. */
export default function AddressMirror() {
  return (
    <HashRouter>
      <RouteProjection />
    </HashRouter>
  )
}
