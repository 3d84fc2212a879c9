import { StrictMode, useState } from 'react'
import { createRoot } from 'react-dom/client'

/*
 * The step benchmark's yardstick: React 19 and `fetch`, nothing else. Forms about the size of the
 * product's (a heading, eight fields, two of them selects, a consent box, a button); a tap on Next
 * asks the server (`/config/init.json`, on the same loopback sandbox) and, on its answer, renders the
 * next form. What a step costs here is what React and the browser cost on this machine; what the
 * product adds on top is the rest of its step time.
 */

const screenCount = 8
const regions = ['North', 'South', 'East', 'West', 'Centre', 'Coast', 'Hills', 'Plains', 'Valley', 'Islands']

function Field({ screen, index }: { screen: number; index: number }) {
  const [value, setValue] = useState('')
  const id = `field-${screen}-${index}`
  const label = `Question ${index + 1} of form ${screen + 1}`
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {index % 4 === 3 ? (
        <select id={id} value={value} onChange={(event) => setValue(event.target.value)}>
          <option value="" disabled>
            Choose
          </option>
          {regions.map((region) => (
            <option key={region} value={region}>
              {region}
            </option>
          ))}
        </select>
      ) : (
        <input id={id} value={value} inputMode={index % 2 ? 'numeric' : 'text'} onChange={(event) => setValue(event.target.value)} />
      )}
      <p className="hint">Answer as it appears on your documents.</p>
    </div>
  )
}

function Form({ screen, busy, onNext }: { screen: number; busy: boolean; onNext: () => void }) {
  return (
    <main data-screen={`form${screen + 1}`}>
      <h1>Form {screen + 1}</h1>
      <p>Step {screen + 1} of {screenCount}. Your answers stay on this device until you send them.</p>
      {Array.from({ length: 8 }, (_, index) => (
        <Field key={index} screen={screen} index={index} />
      ))}
      <label>
        <input type="checkbox" /> I confirm these answers are mine.
      </label>
      <button type="button" disabled={busy} onClick={onNext}>
        {busy ? 'Sending…' : 'Next'}
      </button>
    </main>
  )
}

function App() {
  const [screen, setScreen] = useState(0)
  const [busy, setBusy] = useState(false)
  const next = () => {
    setBusy(true)
    void fetch(`/config/init.json?step=${screen}`, { cache: 'no-store' })
      .then((response) => response.json())
      .then(() => {
        setBusy(false)
        setScreen((current) => (current + 1) % screenCount)
      })
  }
  return <Form key={screen} screen={screen} busy={busy} onNext={next} />
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
