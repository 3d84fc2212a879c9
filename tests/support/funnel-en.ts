import type { Frame, FrameLocator, Page } from 'playwright-core'

/** A page, or the page inside the host simulator's frame. */
type Form = Page | Frame

/*
 * The funnel's forms filled in English by label, as a borrower would: shared by the walk test and
 * the benchmark's step timing, so both type the same answers the same way.
 */

/** Every asset question answered. */
export async function answerAssets(page: Form): Promise<void> {
  await page.getByLabel('Occupation', { exact: true }).selectOption('employee')
  await page.getByLabel('Monthly income').selectOption('10k_20k')
  await page.getByLabel('Housing', { exact: true }).selectOption('rented')
  await page.getByLabel('Car', { exact: true }).selectOption('none')
  await page.getByLabel('Do you pay social insurance?').selectOption('yes')
  await page.getByLabel('Do you pay into a housing fund?').selectOption('yes')
  await page.getByLabel('Do you have a credit card?').selectOption('no')
}

/** Two contacts, the first an immediate relative, and the sharing authorization. */
export async function fillContacts(page: Form): Promise<void> {
  await page.getByLabel('Relationship').nth(0).selectOption('parent')
  await page.getByLabel('Name', { exact: true }).nth(0).fill('王建国')
  await page.getByLabel('Mobile number').nth(0).fill('13900000011')
  await page.getByLabel('Relationship').nth(1).selectOption('friend')
  await page.getByLabel('Name', { exact: true }).nth(1).fill('李明')
  await page.getByLabel('Mobile number').nth(1).fill('13900000022')
  await page.getByLabel(/Authorisation to Share Personal Information/).check()
}

/** The residence by the city picker: search the district, take the Beijing one. */
export async function pickBeijingChaoyang(page: Form): Promise<void> {
  await page.getByRole('button', { name: /^Where you live/ }).click()
  const picker = page.getByRole('dialog')
  await picker.getByLabel('Search regions').fill('朝阳区')
  await picker.getByRole('button', { name: '北京市 北京市 朝阳区', exact: true }).click()
  await picker.waitFor({ state: 'hidden' })
}

/** Basic info: education, marital status, the residence and the street, as the benchmark answers them. */
export async function fillBasicInfo(page: Page): Promise<void> {
  await page.getByLabel('Education').selectOption('bachelor')
  await page.getByLabel('Marital status').selectOption('married')
  await pickBeijingChaoyang(page)
  await page.getByLabel('Street address').fill('建国路 88 号 6 栋')
}

/** Loan demand: 20,000 yuan over 6 months for shopping, every agreement ticked. */
export async function fillLoanDemand(page: Page): Promise<void> {
  await page.getByTestId('trial-apr').waitFor()
  await page.getByLabel('Amount (yuan)').fill('20000')
  await page.getByLabel('Term').selectOption('6')
  await page.getByLabel('Purpose').selectOption('shopping')
  await page.getByText('Repayment schedule (6 payments)').waitFor()
  for (const box of await page.getByRole('checkbox').all()) await box.check()
}

/** From home to the liveness vendor's page: the application started, loan demand sent, both face consents given. */
export async function walkToVendor(page: Page): Promise<FrameLocator> {
  await page.getByRole('button', { name: 'Start an application' }).click({ timeout: 30_000 })
  await fillLoanDemand(page)
  await page.getByRole('button', { name: 'Apply now' }).click()
  await page.getByLabel(/Authorisation to Process Facial Information/).check()
  await page.getByLabel(/Authorisation to Process Sensitive Personal Information/).check()
  await page.getByRole('button', { name: 'Start verification' }).click()
  return page.frameLocator('iframe.webview-frame')
}
