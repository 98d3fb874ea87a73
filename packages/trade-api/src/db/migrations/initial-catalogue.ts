import type { CreateTableBuilder, Kysely } from 'kysely';
import { databaseDialect } from '../create-database.ts';
import { generatedId } from '../generated-id.ts';

/*
 * Part of `0001_initial`: the catalogue tables (categories, manufacturers, series, devices,
 * their pages per edition, prices, condition questions and answers).
 */

type AnyTable = CreateTableBuilder<string, string>;

/** Name, url and texts of a catalogue page in one edition, keyed by its owner and edition. */
function pageColumns(table: AnyTable, owner: string, ownerTable: string): AnyTable {
  return table
    .addColumn(owner, 'integer', (column) =>
      column.notNull().references(`${ownerTable}.id`).onDelete('cascade'),
    )
    .addColumn('edition', 'text', (column) => column.notNull())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('url', 'text', (column) => column.notNull())
    .addColumn('content', 'text', (column) => column.notNull())
    .addColumn('meta_description', 'text', (column) => column.notNull())
    .addColumn('meta_keywords', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint(`${ownerTable}_pages_pk`, [owner, 'edition'])
    .addUniqueConstraint(`${ownerTable}_pages_url_unique`, ['edition', 'url']);
}

/** The catalogue: entries with integer ids given by the catalogue source, texts per edition. */
export async function createCatalogueTables(db: Kysely<unknown>): Promise<void> {
  const dialect = databaseDialect(db);
  await db.schema
    .createTable('catalogue_revisions')
    .addColumn('id', 'integer', generatedId(dialect))
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('note', 'text', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('categories')
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .addColumn('key', 'text', (column) => column.notNull().unique())
    .addColumn('thumbnail', 'text')
    .addColumn('position', 'integer', (column) => column.notNull())
    .execute();
  await pageColumns(db.schema.createTable('category_pages'), 'category_id', 'categories').execute();

  await db.schema
    .createTable('manufacturers')
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .addColumn('key', 'text', (column) => column.notNull().unique())
    .addColumn('thumbnail', 'text')
    .execute();
  await pageColumns(
    db.schema.createTable('manufacturer_pages'),
    'manufacturer_id',
    'manufacturers',
  ).execute();

  await db.schema
    .createTable('category_manufacturers')
    .addColumn('category_id', 'integer', (column) =>
      column.notNull().references('categories.id').onDelete('cascade'),
    )
    .addColumn('manufacturer_id', 'integer', (column) =>
      column.notNull().references('manufacturers.id').onDelete('cascade'),
    )
    .addColumn('top', 'integer', (column) => column.notNull())
    .addColumn('position', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('category_manufacturers_pk', ['category_id', 'manufacturer_id'])
    .execute();

  await db.schema
    .createTable('series')
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .addColumn('key', 'text', (column) => column.notNull())
    .addColumn('category_id', 'integer', (column) =>
      column.notNull().references('categories.id').onDelete('cascade'),
    )
    .addColumn('manufacturer_id', 'integer', (column) =>
      column.notNull().references('manufacturers.id').onDelete('cascade'),
    )
    .addColumn('thumbnail', 'text')
    .addColumn('top', 'integer', (column) => column.notNull())
    .addColumn('position', 'integer', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('series_category_manufacturer')
    .on('series')
    .columns(['category_id', 'manufacturer_id'])
    .execute();
  await pageColumns(db.schema.createTable('series_pages'), 'series_id', 'series').execute();

  await db.schema
    .createTable('devices')
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .addColumn('category_id', 'integer', (column) =>
      column.notNull().references('categories.id').onDelete('cascade'),
    )
    .addColumn('manufacturer_id', 'integer', (column) =>
      column.notNull().references('manufacturers.id').onDelete('cascade'),
    )
    .addColumn('series_id', 'integer', (column) =>
      column.notNull().references('series.id').onDelete('cascade'),
    )
    .addColumn('model', 'text', (column) => column.notNull())
    .addColumn('model_key', 'text', (column) => column.notNull())
    .addColumn('variant', 'text', (column) => column.notNull())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('search_terms', 'text', (column) => column.notNull())
    .addColumn('release_year', 'integer', (column) => column.notNull())
    .addColumn('release_month', 'integer', (column) => column.notNull())
    .addColumn('image', 'text')
    .addColumn('thumbnail', 'text')
    .execute();
  await db.schema.createIndex('devices_series').on('devices').column('series_id').execute();
  await db.schema.createIndex('devices_model_key').on('devices').column('model_key').execute();
  await pageColumns(db.schema.createTable('device_pages'), 'device_id', 'devices').execute();
  await db.schema
    .createTable('device_prices')
    .addColumn('device_id', 'integer', (column) =>
      column.notNull().references('devices.id').onDelete('cascade'),
    )
    .addColumn('edition', 'text', (column) => column.notNull())
    .addColumn('base_price_cents', 'integer', (column) => column.notNull())
    .addColumn('recycling_price_cents', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('device_prices_pk', ['device_id', 'edition'])
    .execute();

  await db.schema
    .createTable('questions')
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .addColumn('category_id', 'integer', (column) =>
      column.notNull().references('categories.id').onDelete('cascade'),
    )
    .addColumn('code', 'text', (column) => column.notNull())
    .addColumn('position', 'integer', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('questions_category').on('questions').column('category_id').execute();
  await db.schema
    .createTable('question_texts')
    .addColumn('question_id', 'integer', (column) =>
      column.notNull().references('questions.id').onDelete('cascade'),
    )
    .addColumn('edition', 'text', (column) => column.notNull())
    .addColumn('question', 'text', (column) => column.notNull())
    .addColumn('description', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('question_texts_pk', ['question_id', 'edition'])
    .execute();
  // Answer ids are unique within their question (the catalogue model promises no more).
  await db.schema
    .createTable('answers')
    .addColumn('question_id', 'integer', (column) =>
      column.notNull().references('questions.id').onDelete('cascade'),
    )
    .addColumn('id', 'integer', (column) => column.notNull())
    .addColumn('code', 'text', (column) => column.notNull())
    .addColumn('price_factor', 'double precision', (column) => column.notNull())
    .addColumn('means_defective', 'integer', (column) => column.notNull())
    .addColumn('position', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('answers_pk', ['question_id', 'id'])
    .execute();
  await db.schema
    .createTable('answer_texts')
    .addColumn('question_id', 'integer', (column) => column.notNull())
    .addColumn('answer_id', 'integer', (column) => column.notNull())
    .addColumn('edition', 'text', (column) => column.notNull())
    .addColumn('text', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('answer_texts_pk', ['question_id', 'answer_id', 'edition'])
    .addForeignKeyConstraint(
      'answer_texts_answer_fk',
      ['question_id', 'answer_id'],
      'answers',
      ['question_id', 'id'],
      (constraint) => constraint.onDelete('cascade'),
    )
    .execute();
}
