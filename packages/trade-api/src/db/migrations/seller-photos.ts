import type { Kysely } from 'kysely';

/*
 * The seller's own photos of a device (docs/trades.md, "Seller's photos"): one row per stored
 * photo, naming the trade, the line's position in it and the key of the image in the photo
 * storage (files under DATA_DIR/seller-photos, or a bucket). The row is the index; the bytes live
 * in the storage. Ids are random UUIDs, so a photo's address tells nothing about others.
 */

/** Creates the table of the seller's photos. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('seller_photos')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('trade_id', 'integer', (column) =>
      column.notNull().references('trades.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (column) => column.notNull())
    .addColumn('storage_key', 'text', (column) => column.notNull().unique())
    .addColumn('content_type', 'text', (column) => column.notNull())
    .addColumn('size_bytes', 'integer', (column) => column.notNull())
    .addColumn('width', 'integer', (column) => column.notNull())
    .addColumn('height', 'integer', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('seller_photos_trade_position')
    .on('seller_photos')
    .columns(['trade_id', 'position', 'created_at'])
    .execute();
}

/** Removes what {@link up} added. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('seller_photos').execute();
}
