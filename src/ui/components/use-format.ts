import { formatApr, formatChoices, formatDate, formatList, formatMoney, formatMonths } from '../../contract/format'
import { useUiLocale } from '../../i18n/use-ui-locale'
import { useElderMode } from '../elder-state'

/** Money in fen, APR as a fraction, ISO dates, month counts and lists of choices, in the active locale. */
export function useFormatters() {
  const locale = useUiLocale()
  const elder = useElderMode()
  return {
    money: (fen: number) => formatMoney(fen, locale, elder),
    apr: (fraction: number) => formatApr(fraction, locale),
    date: (iso: string) => formatDate(iso, locale),
    months: (count: number) => formatMonths(count, locale),
    choices: (items: readonly string[]) => formatChoices(items, locale),
    list: (items: readonly string[]) => formatList(items, locale),
    /** A bank card as every screen names it: the bank and the last four digits. */
    card: (card: { bank_name: string; last4: string }) => `${card.bank_name} ···· ${card.last4}`,
  }
}
