import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { isValidPolygon, parseTimeOfDay } from '@storefront/domain';
import type { BrandSeed } from './seed-schema.ts';

function duplicates(values: readonly (string | number)[]): (string | number)[] {
  const seen = new Set<string | number>();
  const repeated: (string | number)[] = [];
  for (const value of values) {
    if (seen.has(value)) repeated.push(value);
    seen.add(value);
  }
  return repeated;
}

/**
 * Rules a brand's seed must keep beyond its shape: every reference resolves, ids are unique, every
 * picture exists, zones are usable. Returns the problems in words; empty means the seed is sound.
 */
export function seedProblems(seed: BrandSeed, brandDir: string): string[] {
  const problems: string[] = [];
  const check = (ok: boolean, problem: string) => {
    if (!ok) problems.push(problem);
  };
  const positions = seed.menus.flatMap((menu) => menu.positions);
  const groups = seed.menus.flatMap((menu) => menu.groups);
  const idSets: [string, (string | number)[]][] = [
    ['city', seed.cities.map((c) => c.id)],
    ['resto', seed.restos.map((r) => r.id)],
    ['resto order code', seed.restos.map((r) => r.orderCode)],
    ['menu', seed.menus.map((m) => m.id)],
    ['group', groups.map((g) => g.id)],
    ['position', positions.map((p) => p.id)],
    ['tag', seed.tags.map((t) => t.id)],
    ['tag code', seed.tags.map((t) => t.code)],
    ['modifier', seed.modifiers.modifiers.map((m) => m.id)],
    ['modifier item', seed.modifiers.modifiers.flatMap((m) => m.items.map((i) => i.id))],
    ['time slot', seed.timeSlots.map((s) => s.id)],
    ['zone', seed.zones.map((z) => z.id)],
    ['promotion', seed.promotions.map((p) => p.id)],
    ['promo code', seed.promoCodes.map((p) => p.id)],
    ['promo code text', seed.promoCodes.map((p) => p.code)],
  ];
  for (const [name, ids] of idSets) {
    for (const dup of duplicates(ids)) problems.push(`${name} id ${dup} is used twice`);
  }

  const cityIds = new Set(seed.cities.map((c) => c.id));
  const menuIds = new Set(seed.menus.map((m) => m.id));
  const restoById = new Map(seed.restos.map((r) => [r.id, r]));
  const positionIds = new Set(positions.map((p) => p.id));
  const tagKind = new Map(seed.tags.map((t) => [t.code, t.kind]));
  const photo = (url: string, owner: string) =>
    check(
      url.startsWith('/media/') && existsSync(join(brandDir, 'media', url.slice('/media/'.length))),
      `${owner}: picture ${url} is not in ${brandDir}/media`,
    );

  for (const city of seed.cities) {
    check(
      seed.restos.some((r) => r.cityIds.includes(city.id)),
      `city ${city.id} has no restaurant`,
    );
  }
  for (const resto of seed.restos) {
    for (const cityId of resto.cityIds)
      check(cityIds.has(cityId), `resto ${resto.id}: unknown city ${cityId}`);
    for (const menuId of resto.menuIds)
      check(menuIds.has(menuId), `resto ${resto.id}: unknown menu ${menuId}`);
    for (const code of resto.tags)
      check(tagKind.get(code) === 'resto', `resto ${resto.id}: unknown resto tag ${code}`);
    for (const url of resto.photos) photo(url, `resto ${resto.id}`);
    check(resto.menuIds.length > 0, `resto ${resto.id} has no menu`);
    const days = resto.openingHours.map((d) => d.dayOfWeek).sort();
    check(days.join() === '1,2,3,4,5,6,7', `resto ${resto.id}: opening hours must list each day once`);
  }
  for (const menu of seed.menus) {
    check(menu.positions.length > 0, `menu ${menu.id} has no positions`);
    const groupIds = new Set(menu.groups.map((g) => g.id));
    for (const group of menu.groups) for (const url of group.photos) photo(url, `group ${group.id}`);
    for (const position of menu.positions) {
      const owner = `position ${position.id}`;
      check(
        position.groupId === null || groupIds.has(position.groupId),
        `${owner}: group not in menu ${menu.id}`,
      );
      for (const code of position.tags)
        check(tagKind.get(code) === 'position', `${owner}: unknown tag ${code}`);
      for (const url of position.photos) photo(url, owner);
    }
  }
  const modifierById = new Map(seed.modifiers.modifiers.map((m) => [m.id, m]));
  for (const a of seed.modifiers.attachments) {
    const owner = `modifier ${a.modifierId} on position ${a.positionId}`;
    check(positionIds.has(a.positionId), `${owner}: unknown position`);
    check(modifierById.has(a.modifierId), `${owner}: unknown modifier`);
    check(a.minCount <= a.maxCount, `${owner}: minCount is above maxCount`);
  }
  for (const slot of seed.timeSlots) {
    for (const positionId of slot.positionIds)
      check(positionIds.has(positionId), `time slot ${slot.id}: unknown position ${positionId}`);
    for (const d of slot.details) {
      check(
        parseTimeOfDay(d.startAt) < parseTimeOfDay(d.endAt),
        `time slot ${slot.id}: day ${d.dayOfWeek} ends before it starts`,
      );
    }
  }
  for (const zone of seed.zones) {
    const resto = restoById.get(zone.restoId);
    check(resto !== undefined, `zone ${zone.id}: unknown resto ${zone.restoId}`);
    check(resto?.methods.delivery === true, `zone ${zone.id}: resto ${zone.restoId} does not deliver`);
    check(isValidPolygon(zone.polygon), `zone ${zone.id}: polygon needs three distinct valid points`);
    const rules = [...zone.rules].sort((a, b) => a.orderPrice.min - b.orderPrice.min);
    rules.forEach((rule, index) => {
      const next = rules[index + 1];
      if (next)
        check(rule.orderPrice.max === next.orderPrice.min, `zone ${zone.id}: order-sum bands must touch`);
      else
        check(
          rule.orderPrice.max === null || rule.orderPrice.max > rule.orderPrice.min,
          `zone ${zone.id}: last band is empty`,
        );
    });
  }
  for (const menu of seed.menus) {
    for (const positionId of menu.addOnPositionIds)
      check(positionIds.has(positionId), `menu ${menu.id}: unknown add-on position ${positionId}`);
    for (const positionId of duplicates(menu.addOnPositionIds))
      problems.push(`menu ${menu.id}: add-on position ${positionId} twice`);
  }
  for (const promotion of seed.promotions) {
    if (promotion.image) photo(promotion.image, `promotion ${promotion.id}`);
    for (const positionId of promotion.gift?.positionIds ?? [])
      check(positionIds.has(positionId), `promotion ${promotion.id}: unknown gift position ${positionId}`);
    for (const restoId of promotion.restoIds)
      check(restoById.has(restoId), `promotion ${promotion.id}: unknown resto ${restoId}`);
  }
  for (const code of seed.promoCodes) {
    for (const restoId of code.restoIds)
      check(restoById.has(restoId), `promo code ${code.code}: unknown resto ${restoId}`);
    check(code.kind !== 'percent' || code.value <= 100, `promo code ${code.code}: percent above 100`);
  }
  return problems;
}
