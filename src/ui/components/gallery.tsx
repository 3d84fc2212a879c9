import { useState, type ReactNode } from 'react'
import { useTranslation } from '../../i18n/translation'
import type { AgreementKey } from '../../contract/entities'
import { formatCardNumber, formatPhone } from '../../contract/field-rules'
import { AmountTermChooser } from './amount-term-chooser'
import { CityPicker, type LoadRegions, type RegionItem, type RegionSelection } from './city-picker'
import { EntranceCard } from './entrance-card'
import { Checkbox, ChoiceChips, SelectField, TextField } from './form-field'
import { LinkBound } from './link-bound'
import { NavBar } from './nav-bar'
import { PriceSummary } from './price-summary'
import { ProtocolPopup, type LoadAgreement } from './protocol-popup'
import { RichHtml } from './rich-html'
import { RightsCard } from './rights-card'
import { ScheduleTable, type SchedulePeriodRow } from './schedule-table'
import { SmsCodeInput } from './sms-code-input'
import { StepProgress } from './step-progress'
import { useFormatters } from './use-format'
import '../components.css'

/*
 * Every shared component with sample data, for the state visualizer, screenshots and the axe
 * check. Loaders answer from memory so the gallery needs no server; the clock is injectable so a
 * screenshot of the SMS countdown is the same every time.
 */

const sampleRegions: RegionItem[] = [
  { id: '440000', name: '广东省', level: 1, parent_id: null, full_name: '广东省', has_children: true },
  { id: '110000', name: '北京市', level: 1, parent_id: null, full_name: '北京市', has_children: true },
  { id: '440300', name: '深圳市', level: 2, parent_id: '440000', full_name: '广东省 深圳市', has_children: true },
  { id: '440100', name: '广州市', level: 2, parent_id: '440000', full_name: '广东省 广州市', has_children: true },
  { id: '440305', name: '南山区', level: 3, parent_id: '440300', full_name: '广东省 深圳市 南山区', has_children: false },
  { id: '440304', name: '福田区', level: 3, parent_id: '440300', full_name: '广东省 深圳市 福田区', has_children: false },
]

export const sampleLoadRegions: LoadRegions = async (query) => {
  const keyword = query.keyword?.trim() ?? ''
  if (keyword !== '') return sampleRegions.filter((region) => region.name.includes(keyword))
  return sampleRegions.filter((region) => region.parent_id === (query.parent_id ?? null))
}

export const sampleLoadAgreement: LoadAgreement = async (key) => ({
  content_html: `<h2>${key}</h2><p>1. 本协议由您与花钱签订。</p><p><a href="https://www.example.com/terms">www.example.com</a></p>`,
})

const samplePeriods: SchedulePeriodRow[] = [
  { period: 1, due_date: '2026-04-10', principal: 326_085, interest: 9_000, fee: 0, penalty: 0, amount: 335_085, status: 'paid' },
  { period: 2, due_date: '2026-05-10', principal: 329_020, interest: 6_065, fee: 0, penalty: 1_675, amount: 336_760, status: 'overdue' },
  { period: 3, due_date: '2026-06-10', principal: 344_895, interest: 3_104, fee: 0, penalty: 0, amount: 347_999, status: 'upcoming' },
]

function Sample({ name, children }: { name: string; children: ReactNode }) {
  return (
    <section aria-label={name} data-component={name}>
      <h2>{name}</h2>
      {children}
    </section>
  )
}

export function ComponentGallery({
  now = Date.now,
  onExternalLink,
}: {
  now?: () => number
  onExternalLink?: (url: string) => void
}) {
  const { t } = useTranslation()
  const format = useFormatters()
  const [start] = useState(now)
  const [region, setRegion] = useState<RegionSelection | null>(null)
  const [code, setCode] = useState('')
  const [resendAt, setResendAt] = useState<number | null>(start + 42_000)
  const [amount, setAmount] = useState(3_000_000)
  const [term, setTerm] = useState<number | null>(12)
  const [card, setCard] = useState(formatCardNumber('6222020000123456782'))
  const [phone, setPhone] = useState('')
  const [education, setEducation] = useState<'bachelor' | 'master_or_above' | null>(null)
  const [purpose, setPurpose] = useState<'shopping' | 'travel' | null>('shopping')
  const [agreed, setAgreed] = useState(false)
  const [protocolOpen, setProtocolOpen] = useState(false)
  const [lastAgreement, setLastAgreement] = useState<AgreementKey | null>(null)
  const openAgreement = (key: AgreementKey) => setLastAgreement(key)

  return (
    <div className="ui-gallery" data-last-agreement={lastAgreement ?? undefined}>
      <NavBar title={t('ui.gallery.title')} onBack={() => undefined} />
      <main>
        <Sample name="StepProgress">
          <StepProgress current={3} total={6} />
        </Sample>
        <Sample name="EntranceCard">
          <EntranceCard
            title={t('routes.loanDemand')}
            subtitle={t('ui.amount.hint')}
            figure={format.money(20_000_000)}
            figureLabel={t('ui.amount.label')}
            ctaLabel={t('common.next')}
            onCta={() => undefined}
          />
        </Sample>
        <Sample name="AmountTermChooser">
          <div className="ui-card">
            <AmountTermChooser amount={amount} term={term} onAmountChange={setAmount} onTermChange={setTerm} />
          </div>
        </Sample>
        <Sample name="PriceSummary">
          <div className="ui-card">
            <PriceSummary apr={0.108} monthlyPayment={335_085} totalInterest={18_169} totalFees={0} totalRepay={1_018_169} />
          </div>
        </Sample>
        <Sample name="ScheduleTable">
          <div className="ui-card">
            <ScheduleTable periods={samplePeriods} />
          </div>
        </Sample>
        <Sample name="FormFields">
          <div className="ui-card">
            <TextField
              label={t('fieldRules.bankCard.required')}
              value={card}
              onChange={setCard}
              format={formatCardNumber}
              inputMode="numeric"
              autoComplete="cc-number"
            />
            <TextField
              label={t('fieldRules.mobile.required')}
              value={phone}
              onChange={setPhone}
              format={formatPhone}
              inputMode="tel"
              type="tel"
              autoComplete="tel"
              error="mobile.invalid"
            />
            <SelectField
              label={t('ui.cityPicker.label')}
              value={education}
              placeholder={t('ui.cityPicker.placeholder')}
              options={[
                { value: 'bachelor', label: t('enums.education.bachelor') },
                { value: 'master_or_above', label: t('enums.education.master_or_above') },
              ]}
              onChange={setEducation}
            />
            <ChoiceChips
              label={t('ui.amount.term')}
              value={purpose}
              options={[
                { value: 'shopping', label: t('enums.loanPurpose.shopping') },
                { value: 'travel', label: t('enums.loanPurpose.travel') },
              ]}
              onChange={setPurpose}
            />
            <Checkbox checked={agreed} onChange={setAgreed}>
              <LinkBound
                template={t('ui.linkBound.demand', { skipInterpolation: true })}
                links={{ register: 'register', user: 'user', privacy: 'privacy', consent: 'personal-consent' }}
                onOpenAgreement={openAgreement}
              />
            </Checkbox>
          </div>
        </Sample>
        <Sample name="SmsCodeInput">
          <div className="ui-card">
            <SmsCodeInput value={code} onChange={setCode} resendAt={resendAt} now={now} onSend={() => setResendAt(now() + 60_000)} />
          </div>
        </Sample>
        <Sample name="CityPicker">
          <div className="ui-card">
            <CityPicker value={region} onChange={setRegion} loadRegions={sampleLoadRegions} />
          </div>
        </Sample>
        <Sample name="ProtocolPopup">
          <div className="ui-card">
            <button type="button" className="ui-button ui-button--secondary" onClick={() => setProtocolOpen(true)}>
              {t('ui.protocol.title')}
            </button>
            <ProtocolPopup
              open={protocolOpen}
              onClose={() => setProtocolOpen(false)}
              agreements={['loan', 'form', 'withhold-agreement']}
              loadAgreement={sampleLoadAgreement}
              onAcceptedChange={() => undefined}
              onExternalLink={onExternalLink}
            />
          </div>
        </Sample>
        <Sample name="RightsCard">
          <RightsCard
            product={{
              product_id: 'rights-card',
              price: 29_900,
              original_price: 49_900,
              valid_days: 30,
              benefits: [{ code: 'priority_review' }, { code: 'approval_85' }, { code: 'lifestyle' }],
            }}
            owned={false}
            order={{ status: 'pending', failure_reason: null }}
            onBuy={() => undefined}
            onOpenAgreement={openAgreement}
          />
          <RightsCard
            product={{
              product_id: 'rights-card',
              price: 29_900,
              original_price: null,
              valid_days: 30,
              benefits: [{ code: 'priority_review' }, { code: 'approval_85' }, { code: 'lifestyle' }],
            }}
            owned={false}
            order={null}
            onBuy={() => undefined}
            onOpenAgreement={openAgreement}
          />
        </Sample>
        <Sample name="RichHtml">
          <div className="ui-card">
            <RichHtml
              html={'<p>会员权益说明 <a href="https://www.example.com/">www.example.com</a></p><img src="x" onerror="alert(1)" alt="">'}
              onExternalLink={onExternalLink}
            />
          </div>
        </Sample>
      </main>
    </div>
  )
}
