/**
 * iiko writes a terminal group's time zone the way iikoFront's Windows host names it ('Russian Standard
 * Time'); some answers carry an IANA name or a UTC offset instead. completeBefore is in the terminal's local
 * time, so we need the IANA zone: the Windows names of Russia and its neighbours, where iiko's terminals are.
 */
const WINDOWS_ZONES: Record<string, string> = {
  'Kaliningrad Standard Time': 'Europe/Kaliningrad',
  'Russian Standard Time': 'Europe/Moscow',
  'Volgograd Standard Time': 'Europe/Volgograd',
  'Astrakhan Standard Time': 'Europe/Astrakhan',
  'Saratov Standard Time': 'Europe/Saratov',
  'Russia Time Zone 3': 'Europe/Samara',
  'Ekaterinburg Standard Time': 'Asia/Yekaterinburg',
  'Omsk Standard Time': 'Asia/Omsk',
  'N. Central Asia Standard Time': 'Asia/Novosibirsk',
  'Altai Standard Time': 'Asia/Barnaul',
  'Tomsk Standard Time': 'Asia/Tomsk',
  'North Asia Standard Time': 'Asia/Krasnoyarsk',
  'North Asia East Standard Time': 'Asia/Irkutsk',
  'Transbaikal Standard Time': 'Asia/Chita',
  'Yakutsk Standard Time': 'Asia/Yakutsk',
  'Vladivostok Standard Time': 'Asia/Vladivostok',
  'Sakhalin Standard Time': 'Asia/Sakhalin',
  'Magadan Standard Time': 'Asia/Magadan',
  'Russia Time Zone 10': 'Asia/Srednekolymsk',
  'Russia Time Zone 11': 'Asia/Kamchatka',
  'Belarus Standard Time': 'Europe/Minsk',
  'Central Asia Standard Time': 'Asia/Almaty',
  'West Asia Standard Time': 'Asia/Tashkent',
  'Caucasus Standard Time': 'Asia/Yerevan',
  'Georgian Standard Time': 'Asia/Tbilisi',
  'Azerbaijan Standard Time': 'Asia/Baku',
  'FLE Standard Time': 'Europe/Kyiv',
  UTC: 'UTC',
};

function isIanaZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The IANA zone of iiko's timeZone value, or null when it cannot be told. */
export function iikoTimeZone(value: string | null | undefined): string | null {
  const name = value?.trim();
  if (!name) return null;
  if (Object.hasOwn(WINDOWS_ZONES, name)) return WINDOWS_ZONES[name] ?? null;
  if (name.includes('/') && isIanaZone(name)) return name;
  // An offset ('03:00:00', '+03:00', 'UTC+03:00'): whole hours only, as Etc/GMT zones (their sign is inverted).
  const offset = /^(?:UTC|GMT)?\s*([+-])?(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(name);
  if (offset) {
    const hours = Number(offset[2]);
    if (offset[3] !== '00' || hours > 14) return null;
    if (hours === 0) return 'UTC';
    return `Etc/GMT${offset[1] === '-' ? '+' : '-'}${hours}`;
  }
  return null;
}
