import { Route, Switch, useParams } from '../../../shared/navigation.tsx';
import { RestoEditor } from './resto-editor.tsx';
import { RestoList } from './resto-list.tsx';

/** /admin/restaurants/list: the list, /new (owners) and /{id} (a restaurant's form). */
export function RestaurantsScreen() {
  return (
    <Switch>
      <Route path="/new">
        <RestoEditor id={null} />
      </Route>
      <Route path="/:id">
        <EditorOfParam />
      </Route>
      <Route>
        <RestoList />
      </Route>
    </Switch>
  );
}

function EditorOfParam() {
  const { id } = useParams<{ id: string }>();
  const number = Number(id);
  return <RestoEditor key={id} id={Number.isSafeInteger(number) && number > 0 ? number : -1} />;
}
