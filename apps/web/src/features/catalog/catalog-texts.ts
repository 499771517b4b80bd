import type { Texts } from '../../shared/i18n/i18n.ts';

export const catalogTexts = {
  ru: {
    chooseLocation: 'Выберите адрес доставки или ресторан, чтобы увидеть меню',
    chooseLocationButton: 'Выбрать адрес',
    menus: 'Меню',
    groups: 'Разделы меню',
    empty: 'В этом меню пока нет блюд',
    adult: '18+',
    extendedCooking: 'Готовится дольше (около 1,5 часа)',
    unit: { g: 'г', pc: 'шт', ml: 'мл', cm: 'см' },
    positionNotFound: 'Этого блюда нет в меню выбранного ресторана',
    backToMenu: 'Вернуться в меню',
  },
  en: {
    chooseLocation: 'Choose a delivery address or a restaurant to see the menu',
    chooseLocationButton: 'Choose address',
    menus: 'Menus',
    groups: 'Menu sections',
    empty: 'This menu has no dishes yet',
    adult: '18+',
    extendedCooking: 'Takes longer to cook (about 1.5 hours)',
    unit: { g: 'g', pc: 'pcs', ml: 'ml', cm: 'cm' },
    positionNotFound: "This dish is not on the selected restaurant's menu",
    backToMenu: 'Back to the menu',
  },
} satisfies Texts;
