import type { Migration } from 'kysely';
import type { Engine } from '../connect';
import { platformMigration } from './0001_platform';
import { geodataMigration } from './0100_geodata';
import { riskMigration } from './0200_risk';
import { webhooksMigration } from './0300_webhooks';
import { consoleMigration } from './0400_console';
import { explanationsMigration } from './0500_explanations';
import { reassessmentJobsMigration } from './0600_reassessment_jobs';
import { consoleWorkMigration } from './0700_console_work';
import { unidentifiedInstallationsMigration } from './0800_unidentified_installations';
import { lifecycleMigration } from './0900_lifecycle';
import { retentionMigration } from './0910_retention';
import { globalSignalsMigration } from './1000_global_signals';
import { signupsDeviceIndexMigration } from './0601_signups_device_index';
import { addressCellsMigration } from './0602_address_cells';
import { signupsAssignedPartialMigration } from './0610_signups_assigned_partial';
import { areaChargebacksChargedMigration } from './0611_area_chargebacks_charged';
import { consoleIndexesDeferredMigration } from './0612_console_indexes_deferred';
import { sqliteDeviceIndexesMigration } from './0613_sqlite_device_indexes';
import { sqliteDeviceAccountsIndexMigration } from './0614_sqlite_device_accounts_index';
import { supersededPaymentValuesCoveringMigration } from './0627_sqlite_payment_values_covering';
import { sqliteTransactionsInstallationNarrowMigration } from './0628_sqlite_transactions_installation_narrow';
import { locationEventsTsIndexMigration } from './0640_location_events_ts_index';
import { fingerprintRevisionMigration } from './0641_fingerprint_revision';
import { deviceTenantIndexesMigration } from './0670_postgres_device_indexes';
import { consoleIndexedAtWriteMigration } from './0671_postgres_console_indexed_at_write';
import { lz4DocumentsMigration } from './0672_postgres_lz4_documents';
import { postgresAreaChargebacksChargedMigration } from './0686_postgres_area_chargebacks_charged';

/** Every migration, by name; names sort in the order they run. Each feature owns a number range. */
export function allMigrations(engine: Engine): Record<string, Migration> {
  return {
    '0001_platform': platformMigration(engine),
    '0100_geodata': geodataMigration,
    '0200_risk': riskMigration,
    '0300_webhooks': webhooksMigration,
    '0400_console': consoleMigration,
    '0500_explanations': explanationsMigration,
    '0600_reassessment_jobs': reassessmentJobsMigration,
    '0700_console_work': consoleWorkMigration,
    '0800_unidentified_installations': unidentifiedInstallationsMigration(engine),
    '0900_lifecycle': lifecycleMigration,
    '0910_retention': retentionMigration(),
    '1000_global_signals': globalSignalsMigration,
    '0601_signups_device_index': signupsDeviceIndexMigration,
    '0602_address_cells': addressCellsMigration(engine),
    '0610_signups_assigned_partial': signupsAssignedPartialMigration,
    '0611_area_chargebacks_charged': areaChargebacksChargedMigration(engine),
    '0612_console_indexes_deferred': consoleIndexesDeferredMigration(engine),
    '0613_sqlite_device_indexes': sqliteDeviceIndexesMigration(engine),
    '0614_sqlite_device_accounts_index': sqliteDeviceAccountsIndexMigration(engine),
    '0627_sqlite_payment_values_covering': supersededPaymentValuesCoveringMigration,
    '0628_sqlite_transactions_installation_narrow': sqliteTransactionsInstallationNarrowMigration(engine),
    '0640_location_events_ts_index': locationEventsTsIndexMigration(engine),
    '0641_fingerprint_revision': fingerprintRevisionMigration,
    '0670_postgres_device_indexes': deviceTenantIndexesMigration(engine),
    '0671_postgres_console_indexed_at_write': consoleIndexedAtWriteMigration(engine),
    '0672_postgres_lz4_documents': lz4DocumentsMigration(engine),
    '0686_postgres_area_chargebacks_charged': postgresAreaChargebacksChargedMigration(engine),
  };
}
