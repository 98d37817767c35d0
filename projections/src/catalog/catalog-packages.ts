import { packageStreams } from "@el/domain/catalog/index";
import { readModelMigrations } from "../migrations";
import { eventByEvent, type Projector } from "../runner/projector";
import type { Sql } from "../sql";

/** Read model `catalog_packages`: the lesson packs on sale, prices in centavos. */

export interface PackageRow {
  id: number;
  amount: number;
  valueCents: number;
}

export const catalogPackagesProjector: Projector = {
  name: "catalog_packages",
  handles: ["ItemPackageCreated", "ItemPackageChanged", "ItemPackageRemoved"],
  tables: ["catalog_packages"],
  migrate: readModelMigrations("catalog_packages", [
    {
      name: "001-catalog-packages",
      sql: `create table if not exists catalog_packages (
      id int primary key,
      amount int not null,
      value_cents int not null
    )`,
    },
  ]),
  evolve: eventByEvent(async (recorded, tx) => {
    const event = packageStreams.event(recorded);
    // Only the creation carries the id; later events name the pack by their stream.
    const id = event.type === "ItemPackageCreated" ? event.data.id : packageStreams.parse(event.streamId);
    switch (event.type) {
      case "ItemPackageCreated":
      case "ItemPackageChanged":
        await tx.query(
          `insert into catalog_packages (id, amount, value_cents) values ($1, $2, $3)
           on conflict (id) do update set amount = $2, value_cents = $3`,
          [id, event.data.amount, event.data.valueCents],
        );
        return;
      case "ItemPackageRemoved":
        await tx.query("delete from catalog_packages where id = $1", [id]);
        return;
    }
  }),
};

const toPackage = (row: Record<string, unknown>): PackageRow => ({
  id: Number(row.id),
  amount: Number(row.amount),
  valueCents: Number(row.value_cents),
});

/** The packs on sale, smallest first (the order of the landing page's price cards). */
export const listPackages = async (sql: Sql): Promise<PackageRow[]> => {
  const { rows } = await sql.query("select id, amount, value_cents from catalog_packages order by amount, id");
  return rows.map(toPackage);
};

export const findPackage = async (sql: Sql, id: number): Promise<PackageRow | undefined> => {
  const { rows } = await sql.query("select id, amount, value_cents from catalog_packages where id = $1", [id]);
  return rows[0] ? toPackage(rows[0]) : undefined;
};
