import type { TradeDb } from '../db/create-database.ts';
import {
  describeRevision,
  runCatalogueChange,
  type CatalogueChangeOrigin,
} from './catalogue-change.ts';

/*
 * `catalogue retire`: a retired device takes no new offers (offers.ts) and its product page says
 * it can no longer be sold; its rows stay, so the offers and trades made for it stay valid
 * (docs/catalogue.md, "Adding and retiring devices at run time").
 */

/** Which device to retire and who retires it. */
export interface RetireDeviceRequest {
  deviceId: number;
  origin: CatalogueChangeOrigin;
  /** Why it is retired, kept in the revision's note and the audit log. */
  reason?: string;
  /** Look the device up, write nothing. */
  dryRun?: boolean;
  /** Default: the system clock. */
  now?: Date;
}

/** What {@link retireDevice} did. */
export type RetireDeviceResult =
  | { status: 'unknown'; deviceId: number }
  /** Retired before: `retiredAt` says since when; nothing was written. */
  | { status: 'already-retired'; deviceId: number; name: string; retiredAt: string }
  /** Retired now (or, on a dry run, would be): `revisionId` is null on a dry run. */
  | {
      status: 'retired';
      deviceId: number;
      name: string;
      retiredAt: string;
      revisionId: number | null;
    };

/** Thrown inside the change when nothing is to be written, so no revision is kept. */
class NothingToRetire extends Error {
  constructor(readonly result: RetireDeviceResult) {
    super('nothing to retire');
  }
}

/**
 * Sets `devices.retired_at` of one device in a catalogue change (kind `catalogue`), so the nodes
 * reload. An unknown device or one retired before changes nothing and writes no revision.
 */
export async function retireDevice(
  db: TradeDb,
  request: RetireDeviceRequest,
): Promise<RetireDeviceResult> {
  const dryRun = request.dryRun === true;
  try {
    return await runCatalogueChange(
      db,
      {
        kind: 'catalogue',
        note: `catalogue retire ${request.deviceId}`,
        origin: request.origin,
        dryRun,
        ...(request.now === undefined ? {} : { now: request.now }),
      },
      async (context) => {
        const { trx, revisionId, now } = context;
        const device = await trx
          .selectFrom('devices')
          .select(['id', 'name', 'retired_at'])
          .where('id', '=', request.deviceId)
          .executeTakeFirst();
        if (device === undefined) {
          throw new NothingToRetire({ status: 'unknown', deviceId: request.deviceId });
        }
        if (device.retired_at !== null) {
          throw new NothingToRetire({
            status: 'already-retired',
            deviceId: device.id,
            name: device.name,
            retiredAt: device.retired_at,
          });
        }
        const retiredAt = now.toISOString();
        await trx
          .updateTable('devices')
          .set({ retired_at: retiredAt })
          .where('id', '=', device.id)
          .execute();
        const reason = request.reason?.trim() ?? '';
        await describeRevision(
          context,
          `catalogue retire ${device.id}: ${device.name}${reason === '' ? '' : ` (${reason})`}`,
        );
        await context.audit({
          action: 'device.retired',
          subjectType: 'device',
          subjectId: String(device.id),
          before: { name: device.name, retiredAt: null },
          after: {
            name: device.name,
            retiredAt,
            reason: reason === '' ? null : reason,
            revisionId,
          },
        });
        return {
          status: 'retired',
          deviceId: device.id,
          name: device.name,
          retiredAt,
          revisionId: dryRun ? null : revisionId,
        };
      },
    );
  } catch (error) {
    if (error instanceof NothingToRetire) return error.result;
    throw error;
  }
}
