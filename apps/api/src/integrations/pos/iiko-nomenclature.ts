import { type Minor, minor, type Nutrition } from '@storefront/domain';
import type { z } from 'zod';
import type { NomenclatureAnswer, nomenclatureProduct } from './iiko-answers.ts';
import type {
  PosDish,
  PosDishSize,
  PosMenu,
  PosMenuGroup,
  PosModifierGroup,
  PosModifierItem,
} from './pos-adapter.ts';

type Product = z.infer<typeof nomenclatureProduct>;

/** iiko's prices are roubles with kopecks as decimals (690.5); ours are integer kopecks. */
export function roublesToMinor(roubles: number | null | undefined): Minor {
  return minor(Math.round((roubles ?? 0) * 100));
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/** Food values per 100 g, when iiko has any (all zero means nobody filled them in). */
function nutritionOf(product: Product): Nutrition | null {
  const values = {
    kcal: product.energyAmount ?? 0,
    proteins: product.proteinsAmount ?? 0,
    fats: product.fatAmount ?? 0,
    carbs: product.carbohydratesAmount ?? 0,
  };
  if (Object.values(values).every((value) => !(value > 0))) return null;
  return {
    kcal: oneDecimal(values.kcal),
    proteins: oneDecimal(values.proteins),
    fats: oneDecimal(values.fats),
    carbs: oneDecimal(values.carbs),
  };
}

/** iiko keeps a portion's weight in kilograms (0.25 for 250 g), whatever the product's measure unit. */
function gramsOf(product: Product): number | null {
  const weight = product.weight ?? 0;
  return weight > 0 ? Math.round(weight * 1000) : null;
}

/** A modifier's price: the one without a size (modifiers have no size scale), else the first listed. */
function basePrice(product: Product | undefined): Minor {
  const prices = product?.sizePrices ?? [];
  const plain = prices.find((entry) => !entry.sizeId) ?? prices[0];
  return roublesToMinor(plain?.price?.currentPrice);
}

const kind = (product: Product) => product.type?.trim().toLowerCase() ?? '';

/**
 * iiko's nomenclature in our terms. iiko answers the whole nomenclature whenever the revision moved, and
 * empty lists with the same revision when nothing changed. Groups with isGroupModifier are the modifier
 * groups' names, not menu groups; products are told apart by type, compared case-insensitively (the
 * reference writes 'Dish', the service 'dish'): dishes and goods are sold, modifiers are chosen inside a
 * dish, services (delivery) are neither. A simple modifier (a product's `modifiers[]`) becomes a group of
 * its own whose id is the modifier's own id: an order names no productGroupId for it.
 */
export function menuFromNomenclature(answer: NomenclatureAnswer): PosMenu {
  const allGroups = answer.groups ?? [];
  const products = answer.products ?? [];
  const sizes = new Map((answer.sizes ?? []).map((size) => [size.id, size]));
  const productById = new Map(products.map((product) => [product.id, product]));
  const groupName = new Map(allGroups.map((group) => [group.id, group.name ?? '']));

  const groups: PosMenuGroup[] = allGroups
    .filter((group) => !group.isGroupModifier)
    .map((group) => ({
      id: group.id,
      name: group.name ?? '',
      parentId: group.parentGroup ?? null,
      order: group.order ?? 0,
      hidden: group.isDeleted === true || group.isIncludedInMenu === false,
      imageUrls: group.imageLinks ?? [],
    }));

  function item(
    modifierId: string,
    limits: { minAmount?: number | null; maxAmount?: number | null; defaultAmount?: number | null },
  ): PosModifierItem | null {
    const product = productById.get(modifierId);
    if (!product) return null;
    return {
      id: modifierId,
      name: product.name ?? '',
      price: basePrice(product),
      min: limits.minAmount ?? 0,
      max: limits.maxAmount ?? 0,
      defaultAmount: limits.defaultAmount ?? 0,
      hidden: product.isDeleted === true,
    };
  }

  function modifierGroupsOf(product: Product): PosModifierGroup[] {
    const grouped = (product.groupModifiers ?? []).map((group) => ({
      id: group.id,
      name: groupName.get(group.id) ?? productById.get(group.id)?.name ?? '',
      min: group.minAmount ?? 0,
      max: group.maxAmount ?? 0,
      items: (group.childModifiers ?? [])
        .map((child) => item(child.id, child))
        .filter((entry): entry is PosModifierItem => entry !== null),
    }));
    const single = (product.modifiers ?? []).flatMap((modifier) => {
      const only = item(modifier.id, modifier);
      return only ? [{ id: modifier.id, name: only.name, min: only.min, max: only.max, items: [only] }] : [];
    });
    return [...grouped, ...single];
  }

  function sizesOf(product: Product): PosDishSize[] {
    return (product.sizePrices ?? [])
      .map((entry) => ({
        sizeId: entry.sizeId ?? null,
        sizeName: entry.sizeId ? (sizes.get(entry.sizeId)?.name ?? null) : null,
        price: roublesToMinor(entry.price?.currentPrice),
        inMenu: entry.price?.isIncludedInMenu ?? true,
        priority: entry.sizeId ? (sizes.get(entry.sizeId)?.priority ?? 0) : 0,
      }))
      .sort((a, b) => a.priority - b.priority)
      .map(({ priority: _priority, ...size }) => size);
  }

  const dishes: PosDish[] = products
    .filter((product) => kind(product) === 'dish' || kind(product) === 'good')
    .map((product) => ({
      id: product.id,
      code: product.code ?? null,
      name: product.name ?? '',
      description: product.description ?? '',
      // parentGroup is the menu's group; groupId (the stock group) only when the menu lists it too.
      groupId:
        product.parentGroup ?? (product.groupId && groupName.has(product.groupId) ? product.groupId : null),
      order: product.order ?? 0,
      hidden: product.isDeleted === true,
      sizes: sizesOf(product),
      weightGrams: gramsOf(product),
      nutrition: nutritionOf(product),
      imageUrls: product.imageLinks ?? [],
      modifierGroups: modifierGroupsOf(product),
    }));

  return { revision: answer.revision, groups, dishes };
}
