import { Route, Switch, useParams } from '../../../shared/navigation.tsx';
import { CityEditor } from './city-editor.tsx';
import { CityList } from './city-list.tsx';

/** /admin/restaurants/cities: the list, /new and /{id} (a city's form). */
export function CitiesScreen() {
  return (
    <Switch>
      <Route path="/new">
        <CityEditor id={null} />
      </Route>
      <Route path="/:id">
        <EditorOfParam />
      </Route>
      <Route>
        <CityList />
      </Route>
    </Switch>
  );
}

function EditorOfParam() {
  const { id } = useParams<{ id: string }>();
  const number = Number(id);
  return <CityEditor key={id} id={Number.isSafeInteger(number) && number > 0 ? number : -1} />;
}
