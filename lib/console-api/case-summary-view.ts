/** What every case page shows in its header (`CaseHeader`): the verdict, the review state, who has it. */
export interface CaseSummaryView {
  id: string;
  shortId: string;
  risk: string;
  riskLabel: string;
  status: string;
  statusLabel: string;
  assignee: string | null;
  outcome: string | null;
}
