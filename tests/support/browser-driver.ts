import type { Locator, Page } from 'playwright-core'
import type { Op } from './user-steps'
import { render as textOf, type ScreenReader, type Translate } from './verify'

/*
 * The browser level's hands and eyes, shared by its runners (the model paths, the walk replay): the
 * built page read through Playwright, an operation done as a borrower does it (by role and
 * translated name), a host's bridge payload posted to the page as the host simulator posts it.
 */

export function readerOf(page: Page): ScreenReader {
  return {
    page: async () => {
      const screen = await page.locator('main[data-screen]').first().getAttribute('data-screen', { timeout: 200 }).catch(() => null)
      if (screen !== null) return screen
      return (await page.locator('main .steps').count()) > 0 ? 'boot' : null
    },
    heading: async () => page.locator('main h1').first().textContent({ timeout: 200 }).catch(() => null),
    text: async () => (await page.locator('body').innerText({ timeout: 500 }).catch(() => '')) ?? '',
    control: async (control, name) => {
      const found = page.getByRole(control.role, { name, exact: true })
      const count = await found.count()
      if (count === 0) return { found: false, enabled: false }
      return { found: true, enabled: await found.last().isEnabled({ timeout: 200 }).catch(() => false) }
    },
    busy: async () => (await page.locator('main[aria-busy="true"]').count()) > 0,
    alerts: async () => page.getByRole('alert').allInnerTexts(),
    sheetOpen: async () => (await sheetOf(page).count()) > 0,
  }
}

/** The sheet over the screen: a dialog, or in elder mode a plain view over the whole screen (src/ui/components/bottom-sheet.tsx). */
const sheetOf = (page: Page): Locator => page.locator('[role="dialog"], .ui-sheet[role="region"]')

export async function perform(page: Page, t: Translate, op: Op, refused: boolean): Promise<void> {
  const sheet = sheetOf(page)
  const scope = (inSheet?: boolean): Page | Locator => (inSheet ? sheet : page)
  switch (op.op) {
    case 'click': {
      const name = textOf(t, op.name)
      let target: Locator
      if (op.near !== undefined) {
        const row = page.locator('.agreement', { has: page.getByRole('checkbox', { name: textOf(t, op.near), exact: true }) })
        target = row.getByRole('button', { name, exact: true })
      } else {
        const all = scope(op.sheet).getByRole('button', { name, exact: true })
        target = op.last ? all.last() : all.first()
      }
      if (refused) {
        // A refused event: its button is absent or disabled; an enabled one is still tapped.
        if ((await target.count()) > 0 && (await target.isEnabled())) await target.click()
        return
      }
      // Playwright's click waits for the button to be enabled (and shown, still and not covered).
      await target.click({ timeout: 15_000 })
      return
    }
    case 'tick': {
      const box = op.name === undefined ? sheet.getByRole('checkbox').first() : scope(op.sheet).getByRole('checkbox', { name: textOf(t, op.name), exact: true })
      if (refused && (await box.count()) === 0) return
      await box.check()
      return
    }
    case 'type': {
      const field = page.getByLabel(textOf(t, op.label), { exact: true }).nth(op.nth ?? 0)
      // A change the machine refuses shows as a field the borrower cannot edit.
      if (refused && !(await field.isEditable())) return
      await field.fill(op.text)
      await field.blur()
      return
    }
    case 'select': {
      const field = page.getByLabel(textOf(t, op.label), { exact: true }).nth(op.nth ?? 0)
      if (refused && !(await field.isEnabled())) return
      await field.selectOption({ label: textOf(t, op.option) })
      return
    }
    case 'region': {
      const [province, city, district] = op.names
      await page.getByRole('button', { name: `${textOf(t, op.label)} ${t('ui.cityPicker.placeholder')}` }).click()
      const picker = page.getByRole('dialog')
      // The borrower searches the district and picks the result that names the whole chain.
      await picker.getByLabel(t('ui.cityPicker.search'), { exact: true }).fill(district)
      await picker.getByRole('button', { name: `${province} ${city} ${district}`, exact: true }).click()
      return
    }
    case 'host':
      await page.evaluate((payload) => window.postMessage({ type: 'huaqian.bridge', payload }, window.location.origin), op.payload)
      return
  }
}

