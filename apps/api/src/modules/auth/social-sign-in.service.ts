import type { SocialProvider } from '@storefront/domain';
import { and, asc, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../core/executor.ts';
import type { Database } from '../../db/client.ts';
import { personIdentities, persons } from '../../db/schema.ts';
import { grantWelcomeBonus } from '../bonus/index.ts';
import { startRefreshFamily } from './refresh-tokens.ts';

export type { SocialProvider };

/**
 * What a provider tells of the person. emailVerified only where the provider says so (Google's and Apple's
 * email_verified); VK ID does not, so its email never links to an existing person. phone normalised (+7…)
 * or null; a provider's phone is its confirmed login.
 */
export interface SocialProfile {
  provider: SocialProvider;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  phone: string | null;
  firstName: string | null;
  lastName: string | null;
  avatar: string | null;
}

/** Another sign-in of the same subject or phone committed first: roll back and look again. */
class LostRace extends Error {}

type Linked = { personId: number; how: 'identity' | 'phone' | 'email' | 'created' };

async function personOfIdentity(tx: Executor, whiteLabel: string, profile: SocialProfile) {
  const [identity] = await tx
    .select({ personId: personIdentities.personId })
    .from(personIdentities)
    .where(
      and(
        eq(personIdentities.whiteLabelId, whiteLabel),
        eq(personIdentities.provider, profile.provider),
        eq(personIdentities.subject, profile.subject),
      ),
    );
  return identity?.personId;
}

/** Providers whose emails are not known to be verified: an email they gave may be anyone's. */
const UNVERIFIED_EMAIL_PROVIDERS: readonly SocialProvider[] = ['VK'];

/**
 * The person this brand already has for the provider's phone, else (a verified email only) the oldest with
 * that email, leaving out persons whose email an unverified provider may have written: otherwise a VK account
 * claiming someone's address would collect that person's Google or Apple sign-in later.
 */
async function personToLink(tx: Executor, whiteLabel: string, profile: SocialProfile) {
  if (profile.phone) {
    const [byPhone] = await tx
      .select({ id: persons.id })
      .from(persons)
      .where(and(eq(persons.whiteLabelId, whiteLabel), eq(persons.phone, profile.phone)));
    if (byPhone) return { personId: byPhone.id, how: 'phone' } as const;
  }
  if (profile.email && profile.emailVerified) {
    const [byEmail] = await tx
      .select({ id: persons.id })
      .from(persons)
      .where(
        and(
          eq(persons.whiteLabelId, whiteLabel),
          sql`lower(${persons.email}) = ${profile.email}`,
          notExists(
            tx
              .select({ id: personIdentities.id })
              .from(personIdentities)
              .where(
                and(
                  eq(personIdentities.personId, persons.id),
                  inArray(personIdentities.provider, [...UNVERIFIED_EMAIL_PROVIDERS]),
                ),
              ),
          ),
        ),
      )
      .orderBy(asc(persons.id))
      .limit(1);
    if (byEmail) return { personId: byEmail.id, how: 'email' } as const;
  }
  return undefined;
}

async function findOrLinkPerson(tx: Executor, whiteLabel: string, profile: SocialProfile): Promise<Linked> {
  const known = await personOfIdentity(tx, whiteLabel, profile);
  if (known !== undefined) return { personId: known, how: 'identity' };

  let linked: Linked | undefined = await personToLink(tx, whiteLabel, profile);
  if (linked) {
    // Fill what the person has not told us yet; never overwrite (the phone is already theirs or absent). An
    // unverified email is not written onto a person who exists already.
    await tx
      .update(persons)
      .set({
        email: profile.emailVerified ? sql`coalesce(${persons.email}, ${profile.email})` : persons.email,
        firstName: sql`coalesce(${persons.firstName}, ${profile.firstName})`,
        lastName: sql`coalesce(${persons.lastName}, ${profile.lastName})`,
        avatar: sql`coalesce(${persons.avatar}, ${profile.avatar})`,
      })
      .where(eq(persons.id, linked.personId));
  } else {
    const [created] = await tx
      .insert(persons)
      .values({
        whiteLabelId: whiteLabel,
        phone: profile.phone,
        email: profile.email,
        firstName: profile.firstName,
        lastName: profile.lastName,
        avatar: profile.avatar,
      })
      .onConflictDoNothing()
      .returning({ id: persons.id });
    if (!created) throw new LostRace();
    linked = { personId: created.id, how: 'created' };
  }
  const [identity] = await tx
    .insert(personIdentities)
    .values({
      personId: linked.personId,
      whiteLabelId: whiteLabel,
      provider: profile.provider,
      subject: profile.subject,
    })
    .onConflictDoNothing()
    .returning({ id: personIdentities.id });
  if (!identity) throw new LostRace();
  return linked;
}

/**
 * Signs in the provider's subject: the person linked to (provider, subject), else the brand's person with
 * the provider's phone or verified email (linked from now on), else a new person. Starts a refresh-token family
 * with the provider as its source, in the same transaction. Two first sign-ins racing: the loser's
 * transaction rolls back on the unique (brand, provider, subject) or (brand, phone) and runs once more,
 * finding the winner's rows.
 */
export async function signInWithProfile(
  deps: { db: Database; log: FastifyBaseLogger },
  whiteLabel: string,
  profile: SocialProfile,
  now: Date,
): Promise<{ personId: number; refreshToken: string }> {
  for (let attempt = 1; ; attempt++) {
    try {
      const { linked, refreshToken } = await deps.db.transaction(async (tx) => {
        const linked = await findOrLinkPerson(tx, whiteLabel, profile);
        // The program's welcome gift on the first sign-in (decision 55); its unique index keeps it to one.
        if (linked.how === 'created') await grantWelcomeBonus(tx, whiteLabel, linked.personId, now.getTime());
        return { linked, refreshToken: await startRefreshFamily(tx, linked.personId, profile.provider, now) };
      });
      if (linked.how !== 'identity')
        deps.log.info(
          { provider: profile.provider, personId: linked.personId, how: linked.how },
          'a social identity was linked to a person',
        );
      return { personId: linked.personId, refreshToken };
    } catch (error) {
      if (!(error instanceof LostRace) || attempt >= 3) throw error;
    }
  }
}
