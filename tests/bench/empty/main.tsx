import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'

// The benchmark's yardstick: React 19 rendering one heading, nothing else.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <h1>Hello</h1>
  </StrictMode>,
)
