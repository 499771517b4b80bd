import type { PersonProfile } from '@storefront/domain/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../core/executor.ts';
import { personDeliveries, persons } from '../../db/schema.ts';

/** The person of this brand with this phone, created on the first sign-in; one statement, race-free. */
export async function findOrCreatePersonByPhone(db: Executor, whiteLabel: string, phone: string) {
  const [person] = await db
    .insert(persons)
    .values({ whiteLabelId: whiteLabel, phone })
    .onConflictDoUpdate({
      target: [persons.whiteLabelId, persons.phone],
      set: { phone: sql`excluded.phone` },
    })
    .returning({ id: persons.id });
  if (!person) throw new Error('the person upsert returned no row');
  return person.id;
}

/** docs/product.md §3 'Person profile' of a person of this brand; undefined when there is none. */
export async function personProfile(
  db: Executor,
  whiteLabel: string,
  personId: number,
): Promise<PersonProfile | undefined> {
  const [person] = await db
    .select()
    .from(persons)
    .where(and(eq(persons.id, personId), eq(persons.whiteLabelId, whiteLabel)));
  if (!person) return undefined;
  const deliveries = await db
    .select({
      email: personDeliveries.email,
      personName: personDeliveries.personName,
      phone: personDeliveries.phone,
    })
    .from(personDeliveries)
    .where(eq(personDeliveries.personId, personId))
    .orderBy(asc(personDeliveries.position), asc(personDeliveries.id));
  return {
    id: person.id,
    accountIds: [],
    avatar: person.avatar,
    deliveries,
    email: person.email,
    firstName: person.firstName,
    lastName: person.lastName,
    patronymic: person.patronymic,
    phone: person.phone,
  };
}
