/** Cross-tenant device signals (docs/RISK.md "Global signals"). */
export interface GlobalSignalOptOutsTable {
  tenant_id: string;
  opted_out_at: number;
}

export interface GlobalSignalTables {
  global_signal_opt_outs: GlobalSignalOptOutsTable;
}
