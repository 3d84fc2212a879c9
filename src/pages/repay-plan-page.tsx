import { ScreenFrame, Section, Spinner, useApp, useBusy } from './screen-kit'
import { PlanTable } from './plan-table'

/** The whole schedule of the chosen loan, paid, due and overdue marked. */
export default function RepayPlanPage() {
  const busy = useBusy()
  const plan = useApp((snapshot) => snapshot.context.repayPlan)
  return (
    <ScreenFrame page="repayPlan">
      <Section>
        {busy && <Spinner />}
        {plan !== null && <PlanTable plan={plan} />}
      </Section>
    </ScreenFrame>
  )
}
