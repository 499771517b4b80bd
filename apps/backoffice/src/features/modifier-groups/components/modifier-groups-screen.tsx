import { Route, Switch, useParams } from '../../../shared/navigation.tsx';
import { ModifierGroupEditor } from './modifier-group-editor.tsx';
import { ModifierGroupList } from './modifier-group-list.tsx';

/** /admin/menu/modifiers: the list, /new and /{id} (a group's form). */
export function ModifierGroupsScreen() {
  return (
    <Switch>
      <Route path="/new">
        <ModifierGroupEditor id={null} />
      </Route>
      <Route path="/:id">
        <EditorOfParam />
      </Route>
      <Route>
        <ModifierGroupList />
      </Route>
    </Switch>
  );
}

function EditorOfParam() {
  const { id } = useParams<{ id: string }>();
  const number = Number(id);
  return <ModifierGroupEditor key={id} id={Number.isSafeInteger(number) && number > 0 ? number : -1} />;
}
