// npm run demo:history — past orders for the demo brand's restaurants in the local database (DATA_DIR, as
// `npm start` opens it, or DATABASE_URL), then the reports' roll-ups rebuilt, so the back office's reports have
// something to show. Opt-in: no start and no test runs it. Days a restaurant already has orders on are left alone,
// so it can be run again. generateOrderHistory is also the reports bench's generator (bench/reports).
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../config.ts';
import { rebuildReportDays } from '../modules/reports/index.ts';
import type { Database } from './client.ts';
import { openConfiguredDatabase, prepareDatabase } from './prepare-database.ts';

export interface HistoryOptions {
  whiteLabel: string;
  /** The first restaurant-local day with orders, YYYY-MM-DD. */
  firstDay: string;
  days: number;
  /** The mean of orders per restaurant and day; evenings, weekends and some restaurants are busier. */
  ordersPerRestoDay: number;
  /** New customers made for the history; orders pick among them, most from their restaurant's own. */
  persons: number;
  /** One digit in the customers' phones (+79D…): histories of different digits never share a person. */
  phoneDigit: number;
  /** Days generated per statement (memory and progress). */
  chunkDays?: number;
  /**
   * Foreign keys unchecked while writing (session_replication_role, a superuser's): every id comes from rows just
   * written, and checking millions of them is most of a bench database's making.
   */
  skipForeignKeyChecks?: boolean;
  /** Only each order's last status in order_history (the bench's millions), not also 'new' and 'accepted'. */
  lastStatusOnly?: boolean;
  onProgress?: (message: string) => void;
}

/** Orders per brand-local hour, 0–23, in parts: lunch and a larger evening peak. */
const HOUR_WEIGHTS = [1, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4, 6, 9, 10, 8, 6, 6, 8, 11, 13, 12, 9, 5, 2];
/** Monday first (ISO day of week − 1). */
const WEEKDAY_FACTORS = [0.85, 0.85, 0.9, 0.95, 1.2, 1.3, 1.15];
const DECLINES = ['kitchen-overloaded', 'dish-unavailable', 'closing-soon', 'address-unreachable', 'other'];
const LOW_TAGS = ['cold', 'late', 'missing-items', 'wrong-dish', 'packaging'];
const HIGH_TAGS = ['tasty', 'hot', 'on-time', 'polite-courier'];
const FIRST_NAMES = [
  'Анна',
  'Иван',
  'Мария',
  'Алексей',
  'Ольга',
  'Дмитрий',
  'Елена',
  'Сергей',
  'Наталья',
  'Павел',
];

/** An hour per hundredth of a day's orders, drawn by a uniform number in [0, 1). */
function hourTable(): number[] {
  const total = HOUR_WEIGHTS.reduce((a, b) => a + b, 0);
  const table: number[] = [];
  HOUR_WEIGHTS.forEach((weight, hour) => {
    for (let i = 0; i < Math.round((weight / total) * 100); i++) table.push(hour);
  });
  while (table.length < 100) table.push(19);
  return table.slice(0, 100);
}

const textArray = (values: readonly string[]) => `array[${values.map((v) => `'${v}'`).join(',')}]`;

/**
 * A uniform number in [0, 1) from a key and a stream: hashed, not random(), so the same options give the same
 * history whatever plan PostgreSQL picks and however the work is split into statements.
 */
const u = (key: string, stream: number) =>
  `((hashint8((${key}) * 64 + ${stream})::int8 & 2147483647)::float8 / 2147483648.0)`;

/**
 * Fills orders (with lines, history, online payments and refunds, points, promo codes and ratings) for every
 * restaurant of a brand that lists dishes, in SQL (INSERT … SELECT over generate_series), a chunk of days per
 * statement. Needs one connection for its temporary tables (a pool of one on PostgreSQL). Skips a restaurant's day
 * that already has orders.
 */
export async function generateOrderHistory(db: Database, options: HistoryOptions): Promise<number> {
  const run = async (text: string) =>
    (await db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] };
  const log = options.onProgress ?? (() => {});
  const wl = options.whiteLabel.replaceAll("'", "''");
  if (!/^\d{4}-\d{2}-\d{2}$/.test(options.firstDay)) throw new Error(`firstDay: ${options.firstDay}`);
  const chunk = options.chunkDays ?? 30;
  const persons = Math.max(1, Math.floor(options.persons));
  const digit = Math.floor(options.phoneDigit) % 10;

  for (const table of ['gen_restos', 'gen_dishes', 'gen_dish_counts', 'gen_persons', 'gen_promos'])
    await run(`drop table if exists pg_temp.${table}`);
  if (options.skipForeignKeyChecks) await run('set session_replication_role = replica');
  await run(`
    create temp table gen_restos as
    select (row_number() over (order by r.id) - 1)::int idx, r.id, r.name, r.timezone, r.currency,
           coalesce(r.order_code, r.id::text) code, 0.6 + 0.8 * ${u('r.id', 0)} weight
      from restos r
     where r.white_label_id = '${wl}'
       and exists (select 1 from resto_menus rm join positions p on p.menu_id = rm.menu_id
                    where rm.resto_id = r.id and p.price > 0)`);
  await run(`
    create temp table gen_dishes as
    select rm.resto_id, (row_number() over (partition by rm.resto_id order by p.id) - 1)::int k,
           p.id position_id, p.menu_id, p.name, p.price
      from resto_menus rm join positions p on p.menu_id = rm.menu_id
     where p.price > 0 and rm.resto_id in (select id from gen_restos)`);
  await run('create index on gen_dishes (resto_id, k)');
  await run(
    'create temp table gen_dish_counts as select resto_id, count(*)::int n from gen_dishes group by 1',
  );
  await run(
    `create temp table gen_promos as select (row_number() over (order by id) - 1)::int idx, id, code from promo_codes where white_label_id = '${wl}'`,
  );
  const [counts] = (
    await run(
      'select (select count(*) from gen_restos)::int restos, (select count(*) from gen_promos)::int promos',
    )
  ).rows as { restos: number; promos: number }[];
  if (!counts || counts.restos === 0)
    throw new Error(`brand ${options.whiteLabel}: no restaurant lists dishes`);

  // Customers: a block per restaurant (its regulars), made a month before the first day.
  await run(`
    insert into persons (white_label_id, phone, first_name, created_at)
    select '${wl}', '+79${digit}' || lpad(i::text, 8, '0'), (${textArray(FIRST_NAMES)})[1 + i % ${FIRST_NAMES.length}],
           '${options.firstDay}'::date - interval '30 days' * ${u('i', 1)}
      from generate_series(0, ${persons - 1}) i
    on conflict do nothing`);
  await run(`
    create temp table gen_persons as
    select (row_number() over (order by id) - 1)::int idx, id, phone, coalesce(first_name, '') first_name
      from persons where white_label_id = '${wl}' and phone like '+79${digit}%'`);
  await run('create unique index on gen_persons (idx)');
  const [{ n: personCount } = { n: 0 }] = (await run('select count(*)::int n from gen_persons')).rows as {
    n: number;
  }[];
  const perResto = Math.max(1, Math.floor(personCount / counts.restos));

  const [{ k: paymentOffset } = { k: 0 }] = (
    await run(
      `select (greatest((select coalesce(max(id), 0) from payments), (select last_value from payments_id_seq))
               - (select last_value from orders_id_seq))::int8 k`,
    )
  ).rows as { k: number }[];
  const hours = hourTable();
  let total = 0;
  for (let from = 0; from < options.days; from += chunk) {
    const to = Math.min(options.days, from + chunk) - 1;
    await run('drop table if exists pg_temp.gen_slots');
    await run('drop table if exists pg_temp.gen_lines');
    // One row per order: its key, restaurant, customer, time and fate; ids in the order of placement.
    await run(`
      create temp table gen_slots as
      select nextval('orders_id_seq')::int id, s.*
        from (
          select t.*,
                 ((t.day + make_interval(mins => t.at_minute)) - t.timezone::interval) at time zone 'UTC' created_at
            from (
              select ('${options.firstDay}'::date + d) as day, r.id resto_id, r.idx ridx, r.name resto_name,
                     r.timezone, r.currency, r.code, n,
                     ((d::int8 * 1000 + r.idx) * 1000 + n) key,
                     (array[${hours.join(',')}])[1 + floor(${u('(d::int8 * 1000 + r.idx) * 1000 + n', 2)} * 100)::int] * 60
                       + floor(${u('(d::int8 * 1000 + r.idx) * 1000 + n', 3)} * 60)::int at_minute
                from generate_series(${from}, ${to}) d
                cross join gen_restos r
                cross join lateral generate_series(1, greatest(1, round(${options.ordersPerRestoDay} * r.weight
                  * (array[${WEEKDAY_FACTORS.join(',')}])[extract(isodow from '${options.firstDay}'::date + d)::int]
                  * (0.85 + 0.3 * ${u('d::int8 * 1000 + r.idx', 4)}))::int)) n
               where not exists (select 1 from orders o where o.resto_id = r.id and o.local_date = '${options.firstDay}'::date + d)
            ) t
           order by created_at, key
        ) s`);
    await run(`
      alter table gen_slots
        add column pay_type text, add column delivery_type text, add column fate text, add column lines int,
        add column promo int, add column bonus_pct int, add column person_idx int, add column accept_min int,
        add column done_min int, add column refund_share float8, add column stars int, add column canceled_by text`);
    await run(`
      update gen_slots set
        pay_type = case when ${u('key', 5)} < 0.55 then 'CARD_ONLINE' when ${u('key', 5)} < 0.85 then 'CARD_UPON_RECEIPT'
                        else 'CASH_UPON_RECEIPT' end,
        delivery_type = case when ${u('key', 6)} < 0.6 then 'DELIVERY' else 'TAKE_AWAY' end,
        fate = case when ${u('key', 7)} < 0.03 then 'canceled' when ${u('key', 7)} < 0.05 then 'declined' else 'done' end,
        lines = 2 + floor(${u('key', 8)} * 4)::int,
        promo = case when ${counts.promos} > 0 and ${u('key', 9)} < 0.06
                     then floor(${u('key', 10)} * ${Math.max(1, counts.promos)})::int end,
        bonus_pct = case when ${u('key', 11)} < 0.12 then 15 else 0 end,
        person_idx = case when ${u('key', 12)} < 0.9
                          then least(${personCount - 1}, ridx * ${perResto} + floor(power(${u('key', 13)}, 2) * ${perResto})::int)
                          else floor(${u('key', 13)} * ${personCount})::int end,
        accept_min = 1 + floor(power(${u('key', 14)}, 2) * 14)::int,
        done_min = 25 + floor(${u('key', 15)} * 50)::int,
        refund_share = case when ${u('key', 16)} < 0.02 then 0.3 else 0 end,
        stars = case when ${u('key', 17)} >= 0.2 then null when ${u('key', 18)} < 0.6 then 5
                     when ${u('key', 18)} < 0.8 then 4 when ${u('key', 18)} < 0.88 then 3
                     when ${u('key', 18)} < 0.94 then 2 else 1 end,
        canceled_by = case when ${u('key', 19)} < 0.7 then 'customer' else 'staff' end`);
    await run(`
      create temp table gen_lines as
      select s.id order_id, j - 1 line_no, dd.position_id, dd.menu_id, dd.name, c.cnt count, dd.price,
             dd.price * c.cnt sum,
             case when s.promo is null then 0 else (dd.price * c.cnt) / 10 end discount,
             (dd.price * c.cnt * s.bonus_pct / 100 / 100) * 100 bonus
        from gen_slots s
        join gen_dish_counts dc on dc.resto_id = s.resto_id
        cross join lateral generate_series(1, s.lines) j
        cross join lateral (select 1 + (${u('s.key * 8 + j', 20)} < 0.25)::int cnt) c
        join gen_dishes dd on dd.resto_id = s.resto_id
                          and dd.k = floor(power(${u('s.key * 8 + j', 21)}, 1.6) * dc.n)::int`);
    await run(`
      insert into orders (id, white_label_id, person_id, resto_id, number, local_date, status, payment_status,
        delivery_type, pay_type, currency, timezone, resto_name, promo_code_id, promo_code, person_name,
        person_phone, person_count, address, promised_at, created_at, sum, discount, delivery_price, payable,
        bonus_spent, bonus_earn, positions_count, payment_attempt, paid_payment_id, paid_at, accepted_at,
        decline_reason)
      select s.id, '${wl}', p.id, s.resto_id, s.code || '-' || case when s.n < 100 then lpad(s.n::text, 3, '0') else s.n::text end, s.day, s.fate,
             case when s.pay_type <> 'CARD_ONLINE' then 'not_required' when s.fate = 'done' then 'paid' else 'refunded' end,
             s.delivery_type, s.pay_type, s.currency, s.timezone, s.resto_name, pr.id, pr.code, p.first_name, p.phone,
             1 + s.key % 3, case when s.delivery_type = 'DELIVERY' then 'ул. Пушкина, ' || (1 + s.key % 120) end,
             s.created_at + interval '60 minutes', s.created_at, l.sum, l.discount, f.fee,
             l.sum - l.discount - l.bonus + f.fee, l.bonus,
             case when s.fate = 'done' then (l.sum - l.discount - l.bonus) / 20 / 100 * 100 else 0 end, l.n,
             case when s.pay_type = 'CARD_ONLINE' then 1 else 0 end,
             case when s.pay_type = 'CARD_ONLINE' then s.id + ${paymentOffset} end,
             case when s.pay_type = 'CARD_ONLINE' then s.created_at + interval '1 minute' end,
             case when s.fate = 'done' then s.created_at + make_interval(mins => s.accept_min) end,
             case when s.fate = 'declined' then (${textArray(DECLINES)})[1 + s.key % ${DECLINES.length}] end
        from gen_slots s
        join gen_persons p on p.idx = s.person_idx
        left join gen_promos pr on pr.idx = s.promo
        join (select order_id, sum(sum)::int sum, sum(discount)::int discount, sum(bonus)::int bonus, count(*)::int n
                from gen_lines group by order_id) l on l.order_id = s.id
        cross join lateral (select case when s.delivery_type = 'DELIVERY' and l.sum < 150000 then 19900 else 0 end fee) f`);
    await run(`
      insert into order_lines (order_id, line_no, position_id, menu_id, name, count, price, modifiers, sum, discount,
        bonus_discount, payable_amount)
      select order_id, line_no, position_id, menu_id, name, count, price, '[]'::jsonb, sum, discount, bonus,
             sum - discount - bonus
        from gen_lines`);
    await run(`
      insert into order_history (order_id, status, at, by)
      select s.id, h.status, s.created_at + make_interval(mins => h.after), h.by
        from gen_slots s
        cross join lateral (values ('new', 0, 'customer'),
                                   ('accepted', case when s.fate = 'done' then s.accept_min end, 'staff'),
                                   (s.fate, case s.fate when 'done' then s.done_min when 'declined' then 2 else 3 end,
                                    case s.fate when 'canceled' then s.canceled_by else 'staff' end)) h(status, after, by)
       where h.after is not null${options.lastStatusOnly ? ` and h.status = s.fate` : ''}`);
    await run(`
      insert into payments (id, order_id, attempt, engine, shop, method, idempotence_key, provider_payment_id, status,
        amount, currency, return_url, created_at, updated_at)
      select o.paid_payment_id, o.id, 1, 'demo', 'demo', 'card', 'order-' || o.id || '-1', 'hist-' || o.id, 'succeeded',
             o.payable, o.currency, '/orders/' || o.id, o.created_at, o.paid_at
        from orders o where o.id between (select min(id) from gen_slots) and (select max(id) from gen_slots)
         and o.pay_type = 'CARD_ONLINE'`);
    await run(`
      insert into payment_refunds (payment_id, order_id, idempotence_key, provider_refund_id, status, reason, amount,
        currency, created_at, updated_at)
      select o.paid_payment_id, o.id, 'refund-' || o.paid_payment_id || '-1', 'hist-r' || o.id, 'succeeded',
             case when o.status = 'done' then 'partial' when o.status = 'declined' then 'declined' else 'order-canceled' end,
             case when o.status = 'done' then (o.payable * s.refund_share)::int else o.payable end,
             o.currency, o.created_at + interval '3 hours', o.created_at + interval '3 hours'
        from gen_slots s join orders o on o.id = s.id
       where o.pay_type = 'CARD_ONLINE' and (o.status <> 'done' or s.refund_share > 0)`);
    await run(`
      insert into order_ratings (order_id, white_label_id, resto_id, person_id, stars, tags, source, created_at,
        updated_at)
      select s.id, '${wl}', s.resto_id, p.id, s.stars,
             case when s.stars <= 2 then array[(${textArray(LOW_TAGS)})[1 + s.key % ${LOW_TAGS.length}]]
                  when s.stars = 5 and s.key % 3 = 0 then array[(${textArray(HIGH_TAGS)})[1 + s.key % ${HIGH_TAGS.length}]]
                  else '{}'::text[] end,
             case when s.key % 2 = 0 then 'link' else 'order-page' end,
             s.created_at + make_interval(mins => s.done_min + 40), s.created_at + make_interval(mins => s.done_min + 40)
        from gen_slots s join gen_persons p on p.idx = s.person_idx
       where s.fate = 'done' and s.stars is not null`);
    const [{ n } = { n: 0 }] = (await run('select count(*)::int n from gen_slots')).rows as { n: number }[];
    total += n;
    log(`days ${from + 1}–${to + 1} of ${options.days}: ${n} orders (${total} so far)`);
  }
  if (options.skipForeignKeyChecks) await run('set session_replication_role = default');
  await run(`select setval('payments_id_seq', greatest((select coalesce(max(id), 1) from payments), 1))`);
  for (const table of [
    'gen_slots',
    'gen_lines',
    'gen_restos',
    'gen_dishes',
    'gen_dish_counts',
    'gen_persons',
    'gen_promos',
  ])
    await run(`drop table if exists pg_temp.${table}`);
  return total;
}

const DEMO_DAYS = 90;

/** The demo's last 90 brand-local days up to yesterday, about 40 orders a restaurant a day. */
async function main() {
  try {
    const config = loadConfig();
    if (config.env.NODE_ENV === 'production') throw new ConfigError('demo:history: never in production');
    const handle = await openConfiguredDatabase({
      ...config,
      // One connection: the generator's temporary tables live in its session.
      env: { ...config.env, DATABASE_POOL_SIZE: 1 },
    });
    try {
      await prepareDatabase(handle, config);
      const whiteLabel = config.brand.whiteLabel;
      const started = Date.now();
      const result = (await handle.db.execute(sql`
        select (((now() at time zone 'UTC') + (select r.timezone from restos r where r.white_label_id = ${whiteLabel}
                 order by r.id limit 1)::interval)::date - ${DEMO_DAYS}::int)::text as first`)) as unknown as {
        rows: { first: string }[];
      };
      const first = result.rows[0]?.first;
      if (!first) throw new ConfigError(`demo:history: brand '${whiteLabel}' has no restaurant`);
      const made = await generateOrderHistory(handle.db, {
        whiteLabel,
        firstDay: first,
        days: DEMO_DAYS,
        ordersPerRestoDay: 40,
        persons: 3000,
        phoneDigit: 7,
        chunkDays: 15,
        onProgress: (message) => console.error(message),
      });
      const days = await rebuildReportDays(handle.db, whiteLabel);
      console.error(
        `Demo history: ${made} orders over the ${DEMO_DAYS} days from ${first}; ${days} restaurant-days rolled up ` +
          `(${Math.round((Date.now() - started) / 1000)} s).`,
      );
    } finally {
      await handle.close();
    }
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
