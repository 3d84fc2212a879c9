import { BusySpinner, ScreenFrame, Section, useApp } from './screen-kit'
import { PlanTable } from './plan-table'

/** The whole schedule of the chosen loan, paid, due and overdue marked. */
export default function RepayPlanPage() {
  const plan = useApp((snapshot) => snapshot.context.repayPlan)
  return (
    <ScreenFrame page="repayPlan">
      <Section>
        <BusySpinner />
        {plan !== null && <PlanTable plan={plan} />}
      </Section>
    </ScreenFrame>
  )
}
