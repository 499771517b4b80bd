// Grows a freshly seeded demo catalog into a chain's size with SQL, in one transaction: copies of cities,
// restaurants (with their hours, pre-order settings, tags, menus listed, zones and rules, promotions listed),
// menus (with groups, dishes, tags, modifiers and their items, attachments, time slots), and optionally more
// dishes per menu. Copy k of a row takes the id + k·1 000 000 (dish copies inside a menu: id + j·1 000), keys
// unique per brand get a suffix, and every serial sequence is set past the largest id afterwards. Columns are
// read from the database, so a column added later is copied as it is.
import type pg from 'pg';

/** What a size asks for: totals of cities, restaurants and menus; dishes per menu (null: as the demo has). */
export interface ChainShape {
  cities: number;
  restos: number;
  menus: number;
  dishesPerMenu: number | null;
  /** Every dish gets two photo URLs and at least one modifier group (the issue's chain). */
  fullDishes: boolean;
}

const COPY = 1_000_000;
const DISH_COPY = 1_000;

/** The serial ids the copies offset; each sequence is set past its largest id at the end. */
const SERIAL_TABLES = [
  'cities',
  'restos',
  'menus',
  'position_groups',
  'positions',
  'modifiers',
  'modifier_items',
  'position_modifiers',
  'time_slots',
  'delivery_zones',
  'delivery_rules',
];

export async function catalogCounts(client: pg.Client | pg.PoolClient) {
  const count = async (sql: string) => Number((await client.query(sql)).rows[0].n);
  return {
    cities: await count('select count(*) n from cities'),
    restos: await count('select count(*) n from restos'),
    menus: await count('select count(*) n from menus'),
    dishes: await count('select count(*) n from positions'),
    largestMenu: await count(
      'select coalesce(max(c), 0) n from (select count(*) c from positions group by menu_id) m',
    ),
    attachments: await count('select count(*) n from position_modifiers'),
    zones: await count('select count(*) n from delivery_zones'),
  };
}

export async function multiplyCatalog(client: pg.Client, shape: ChainShape): Promise<void> {
  const columnsOf = new Map<string, string[]>();
  const columns = async (table: string) => {
    let known = columnsOf.get(table);
    if (!known) {
      const { rows } = await client.query(
        `select column_name from information_schema.columns
          where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER'
          order by ordinal_position`,
        [table],
      );
      known = rows.map((r: { column_name: string }) => r.column_name);
      if (known.length === 0) throw new Error(`table ${table} not found`);
      columnsOf.set(table, known);
    }
    return known;
  };
  /** insert into table (every column) select (the override, else alias.column) + rest. */
  const copy = async (table: string, alias: string, overrides: Record<string, string>, rest: string) => {
    const cols = await columns(table);
    for (const name of Object.keys(overrides))
      if (!cols.includes(name)) throw new Error(`${table}.${name} not found`);
    const select = cols.map((c) => overrides[c] ?? `${alias}."${c}"`).join(', ');
    await client.query(
      `insert into "${table}" (${cols.map((c) => `"${c}"`).join(', ')}) select ${select} ${rest}`,
    );
  };
  const suffixed = (alias: string, column: string, tag: string) =>
    `case when ${alias}."${column}" is null then null else ${alias}."${column}" || ${tag} end`;

  await client.query('begin');
  try {
    const before = await catalogCounts(client);
    const maxId = async (table: string) =>
      Number((await client.query(`select coalesce(max(id), 0) n from "${table}"`)).rows[0].n);
    for (const table of SERIAL_TABLES)
      if ((await maxId(table)) >= DISH_COPY)
        throw new Error(`${table} ids reach ${DISH_COPY}: the copies' offsets would collide`);

    if (shape.fullDishes) {
      await client.query(
        `update positions set photos = array['/media/bench/' || id || '-1.webp', '/media/bench/' || id || '-2.webp']`,
      );
      // An optional group (min 0) of the brand, so no cart needs a modifier it did not pick.
      await client.query(`
        insert into position_modifiers (position_id, modifier_id, min_count, max_count, "order")
        select p.id, mo.id, mo.min_count, mo.max_count, 0
          from positions p
          join menus m on m.id = p.menu_id
          join lateral (select id, min_count, max_count from modifiers
                         where white_label_id = m.white_label_id and min_count = 0 order by id limit 1) mo on true
         where not exists (select 1 from position_modifiers pm where pm.position_id = p.id)`);
    }

    if (shape.dishesPerMenu !== null) {
      if (shape.dishesPerMenu >= DISH_COPY) throw new Error(`at most ${DISH_COPY - 1} dishes per menu`);
      await client.query(
        `create temp table dish_copy on commit drop as
         select id src, id + j * ${DISH_COPY} dst, j
           from (select id, row_number() over (partition by menu_id order by id) rn,
                        count(*) over (partition by menu_id) n from positions) p
           cross join generate_series(1, $1::int) j
          where j * p.n + p.rn <= $1::int`,
        [shape.dishesPerMenu],
      );
      await copy(
        'positions',
        'p',
        { id: 'dc.dst', key: suffixed('p', 'key', `'-d' || dc.j`) },
        'from positions p join dish_copy dc on dc.src = p.id',
      );
      await copy(
        'position_tags',
        'pt',
        { position_id: 'dc.dst' },
        'from position_tags pt join dish_copy dc on dc.src = pt.position_id',
      );
      await copy(
        'position_modifiers',
        'pm',
        { id: `pm.id + dc.j * ${DISH_COPY}`, position_id: 'dc.dst' },
        'from position_modifiers pm join dish_copy dc on dc.src = pm.position_id',
      );
      await copy(
        'time_slot_positions',
        'tp',
        { position_id: 'dc.dst' },
        'from time_slot_positions tp join dish_copy dc on dc.src = tp.position_id',
      );
    }

    /** Copy k = 1… of each row, ranked by id, while copy k's row stays within the wanted total. */
    const copies = async (name: string, table: string, total: number) => {
      await client.query(
        `create temp table ${name} on commit drop as
         select id src, id + k * ${COPY} dst, k
           from (select id, row_number() over (order by id) rn, count(*) over () n from "${table}") r
           cross join generate_series(1, $1::int) k
          where k * r.n + r.rn <= $1::int`,
        [total],
      );
    };
    await copies('city_copy', 'cities', shape.cities);
    await copies('menu_copy', 'menus', shape.menus);
    await copies('resto_copy', 'restos', shape.restos);
    const cityCopies = Math.ceil(shape.cities / before.cities);
    const menuCopies = Math.ceil(shape.menus / before.menus);

    await copy('cities', 'c', { id: 'cc.dst' }, 'from cities c join city_copy cc on cc.src = c.id');

    // Menus, and the brand's modifiers and time slots once per menu copy: copy k's dishes use copy k's.
    await copy(
      'menus',
      'm',
      { id: 'mc.dst', key: suffixed('m', 'key', `'-m' || mc.k`) },
      'from menus m join menu_copy mc on mc.src = m.id',
    );
    const ks = '(select distinct k from menu_copy)';
    await copy(
      'modifiers',
      'mo',
      { id: `mo.id + k.k * ${COPY}`, key: suffixed('mo', 'key', `'-m' || k.k`) },
      `from modifiers mo cross join ${ks} k`,
    );
    await copy(
      'modifier_items',
      'mi',
      { id: `mi.id + k.k * ${COPY}`, modifier_id: `mi.modifier_id + k.k * ${COPY}` },
      `from modifier_items mi cross join ${ks} k`,
    );
    await copy(
      'time_slots',
      'ts',
      { id: `ts.id + k.k * ${COPY}`, key: suffixed('ts', 'key', `'-m' || k.k`) },
      `from time_slots ts cross join ${ks} k`,
    );
    await copy(
      'time_slot_details',
      'td',
      { time_slot_id: `td.time_slot_id + k.k * ${COPY}` },
      `from time_slot_details td cross join ${ks} k`,
    );
    await copy(
      'position_groups',
      'g',
      { id: `g.id + mc.k * ${COPY}`, menu_id: 'mc.dst' },
      'from position_groups g join menu_copy mc on mc.src = g.menu_id',
    );
    await client.query(
      `create temp table position_copy on commit drop as
       select p.id src, p.id + mc.k * ${COPY} dst, mc.k from positions p join menu_copy mc on mc.src = p.menu_id`,
    );
    await copy(
      'positions',
      'p',
      {
        id: 'pc.dst',
        menu_id: `p.menu_id + pc.k * ${COPY}`,
        group_id: `p.group_id + pc.k * ${COPY}`,
      },
      'from positions p join position_copy pc on pc.src = p.id',
    );
    await copy(
      'position_tags',
      'pt',
      { position_id: 'pc.dst' },
      'from position_tags pt join position_copy pc on pc.src = pt.position_id',
    );
    await copy(
      'position_modifiers',
      'pm',
      {
        id: `pm.id + pc.k * ${COPY}`,
        position_id: 'pc.dst',
        modifier_id: `pm.modifier_id + pc.k * ${COPY}`,
      },
      'from position_modifiers pm join position_copy pc on pc.src = pm.position_id',
    );
    await copy(
      'time_slot_positions',
      'tp',
      { position_id: 'pc.dst', time_slot_id: `tp.time_slot_id + pc.k * ${COPY}` },
      'from time_slot_positions tp join position_copy pc on pc.src = tp.position_id',
    );

    // Restaurants: copy k lists city copy k mod (city copies) and menu copy k mod (menu copies), where they exist.
    await copy(
      'restos',
      'r',
      { id: 'rc.dst', order_code: suffixed('r', 'order_code', `'-' || rc.k`) },
      'from restos r join resto_copy rc on rc.src = r.id',
    );
    for (const table of [
      'opening_hours',
      'pre_order_settings',
      'resto_tags',
      'promotion_restos',
      'promo_code_restos',
    ])
      await copy(
        table,
        'x',
        { resto_id: 'rc.dst' },
        `from "${table}" x join resto_copy rc on rc.src = x.resto_id`,
      );
    const listed = (table: string, column: string, target: string, copiesOf: number) =>
      copy(
        table,
        'x',
        {
          resto_id: 'rc.dst',
          [column]: `coalesce((select t.id from "${target}" t where t.id = x.${column} + (rc.k % ${copiesOf}) * ${COPY}), x.${column})`,
        },
        `from "${table}" x join resto_copy rc on rc.src = x.resto_id`,
      );
    await listed('resto_cities', 'city_id', 'cities', cityCopies);
    await listed('resto_menus', 'menu_id', 'menus', menuCopies);
    await copy(
      'delivery_zones',
      'z',
      { id: `z.id + rc.k * ${COPY}`, resto_id: 'rc.dst' },
      'from delivery_zones z join resto_copy rc on rc.src = z.resto_id',
    );
    await copy(
      'delivery_rules',
      'dr',
      { id: `dr.id + rc.k * ${COPY}`, zone_id: `dr.zone_id + rc.k * ${COPY}` },
      'from delivery_rules dr join delivery_zones z on z.id = dr.zone_id join resto_copy rc on rc.src = z.resto_id',
    );

    for (const table of SERIAL_TABLES)
      await client.query(
        `select setval(pg_get_serial_sequence('"${table}"', 'id'), (select coalesce(max(id), 1) from "${table}"))`,
      );
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  }
  await client.query('analyze');
}
