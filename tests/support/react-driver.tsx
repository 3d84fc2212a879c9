import { act, screen as view, waitFor, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import type { AppConfig } from '../../src/app/config'
import { sandboxSigningKey } from '../../src/contract/signature'
import type { Op } from './user-steps'
import { render as textOf, type ScreenReader, type Translate } from './verify'

/*
 * The React level's hands and eyes, shared by its runners (the model paths, the walk replay): the
 * page read through Testing Library, an operation done as a borrower does it (by role and
 * translated name), the app's configuration against the fake API.
 */

/** As a borrower finds a control: disabled, or marked unavailable while the call it started is out. */
const unavailable = (control: HTMLButtonElement) => control.disabled || control.getAttribute('aria-disabled') === 'true'

export const reader: ScreenReader = {
  page: async () => {
    const main = document.querySelector('main')
    if (main === null) return null
    return main.getAttribute('data-screen') ?? (document.querySelector('[data-testid="boot-next"], .steps') !== null ? 'boot' : null)
  },
  heading: async () => document.querySelector('main h1')?.textContent ?? null,
  text: async () => document.body.textContent ?? '',
  control: async (control, name) => {
    const found = view.queryAllByRole(control.role, { name })
    const element = found.at(-1) as HTMLButtonElement | undefined
    return { found: element !== undefined, enabled: element !== undefined && !unavailable(element) }
  },
  busy: async () => document.querySelector('main[aria-busy="true"]') !== null,
  alerts: async () => view.queryAllByRole('alert').map((a) => a.textContent ?? ''),
  sheetOpen: async () => view.queryAllByRole('dialog').length > 0,
}

/** An enabled control by role and name (the last of that name: a sheet or overlay sits last). */
async function control(role: 'button' | 'checkbox', name: string, scope: HTMLElement = document.body, last = false): Promise<HTMLElement> {
  return waitFor(
    () => {
      const all = within(scope).getAllByRole(role, { name })
      const found = (last ? all.at(-1) : all[0]) as HTMLButtonElement
      if (unavailable(found)) throw new Error(`${role} "${name}" is disabled`)
      return found
    },
    { timeout: 10_000 },
  )
}

/**
 * Performs one operation. `refused`: the machine would not take the event now (a guard says no, or
 * the state ignores it); a borrower then finds its button absent or disabled, and a tap on it does
 * nothing. An enabled button is still tapped, so a button wrongly left on shows as a wrong state.
 */
export async function perform(user: UserEvent, op: Op, refused: boolean, t: Translate): Promise<void> {
  const sheet = () => view.getByRole('dialog')
  switch (op.op) {
    case 'click': {
      const name = textOf(t, op.name)
      if (refused) {
        const scope = op.sheet ? view.queryByRole('dialog') : document.body
        const found = scope === null ? [] : within(scope).queryAllByRole('button', { name })
        const target = (op.last ? found.at(-1) : found[0]) as HTMLButtonElement | undefined
        if (target !== undefined && !unavailable(target)) await user.click(target)
        return
      }
      if (op.near !== undefined) {
        const row = (await control('checkbox', textOf(t, op.near))).closest('.agreement') as HTMLElement
        await user.click(await control('button', name, row))
      } else await user.click(await control('button', name, op.sheet ? sheet() : document.body, op.last ?? false))
      return
    }
    case 'tick': {
      if (refused && op.name !== undefined && view.queryAllByRole('checkbox', { name: textOf(t, op.name) }).length === 0) return
      const box = op.name === undefined ? within(sheet()).getAllByRole('checkbox')[0] : await control('checkbox', textOf(t, op.name), op.sheet ? sheet() : document.body)
      if (box !== undefined && !(box as HTMLInputElement).checked) await user.click(box)
      return
    }
    case 'type': {
      const field = view.getAllByLabelText(textOf(t, op.label))[op.nth ?? 0] as HTMLInputElement
      // A change the machine refuses shows as a field the borrower cannot edit.
      if (refused && (field.readOnly || field.disabled)) return
      await user.clear(field)
      await user.type(field, op.text)
      await user.tab()
      return
    }
    case 'select': {
      const field = view.getAllByLabelText(textOf(t, op.label))[op.nth ?? 0] as HTMLSelectElement
      if (refused && field.disabled) return
      await user.selectOptions(field, textOf(t, op.option))
      return
    }
    case 'region': {
      const [province, city, district] = op.names
      await user.click(await control('button', `${textOf(t, op.label)} ${t('ui.cityPicker.placeholder')}`))
      const picker = () => view.getByRole('dialog')
      // The borrower searches the district and picks the result that names the whole chain.
      await user.type(within(picker()).getByLabelText(t('ui.cityPicker.search')), district)
      await user.click(await waitFor(() => within(picker()).getByRole('button', { name: `${province} ${city} ${district}` })))
      return
    }
    case 'host':
      // What a host's postMessage delivers (jsdom's own postMessage leaves the origin empty).
      act(() => {
        window.dispatchEvent(new MessageEvent('message', { data: { type: 'huaqian.bridge', payload: op.payload }, origin: window.location.origin, source: window }))
      })
      return
  }
}

/** Lets React finish the effects of the last change (the URL projection), as a borrower's pause would. */
export async function settle(): Promise<void> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0))
  })
}

export const config = (origin: string): AppConfig => ({
  signingKey: sandboxSigningKey,
  initConfigUrl: `${origin}/config/init.json`,
  apiOrigins: [],
  hostOrigins: [window.location.origin],
  allowLoopback: true,
  production: false,
  appVersion: 'model-test',
})

