import type { BrandConfig, CityListItem, RestoListItem } from '@storefront/domain/contracts';
import { useEffect, useState } from 'react';

type State =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; brand: BrandConfig; cities: CityListItem[]; restos: RestoListItem[] };

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return (await response.json()) as T;
}

/**
 * Until the storefront shell lands (issue 3), the page shows the brand and its chain as the API
 * serves them, so `npm start` proves the whole path from PostgreSQL to the browser.
 */
export function PlaceholderApp() {
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    Promise.all([
      getJson<BrandConfig>('/config.json'),
      getJson<CityListItem[]>('/1/p/cities'),
      getJson<RestoListItem[]>('/1/p/restos'),
    ])
      .then(([brand, cities, restos]) => {
        document.title = brand.name.ru;
        const icon = document.createElement('link');
        icon.rel = 'icon';
        icon.href = brand.favicon;
        document.head.append(icon);
        document.documentElement.style.setProperty('--primary', brand.theme.primary);
        setState({ kind: 'ready', brand, cities, restos });
      })
      .catch((error: Error) => setState({ kind: 'failed', message: error.message }));
  }, []);

  if (state.kind === 'loading') return <main className="page" aria-busy="true" />;
  if (state.kind === 'failed') {
    return (
      <main className="page">
        <h1>Не удалось загрузить витрину</h1>
        <p>{state.message}</p>
        <button type="button" onClick={() => window.location.reload()}>
          Повторить
        </button>
      </main>
    );
  }
  const { brand, cities, restos } = state;
  return (
    <main className="page">
      <header className="brand">
        <img src={brand.logo} alt="" width={56} height={56} />
        <h1>{brand.name.ru}</h1>
      </header>
      <p className="lead">Витрина скоро откроется. Рестораны сети:</p>
      {cities.map((city) => (
        <section key={city.id}>
          <h2>{city.name.ru}</h2>
          <ul>
            {restos
              .filter((resto) => resto.cityIds.includes(city.id))
              .map((resto) => (
                <li key={resto.id}>{resto.name.ru}</li>
              ))}
          </ul>
        </section>
      ))}
      <p className="api">
        <a href="/api/docs/">API</a>
      </p>
    </main>
  );
}
