import { Route, Switch } from '../../../shared/navigation.tsx';
import { DishEditor } from './dish-editor.tsx';
import { DishList } from './dish-list.tsx';

/** The menu section's dishes tab (/admin/menu/dishes): the list, and a dish's editor at /:dishId. */
export function DishesScreen() {
  return (
    <Switch>
      <Route path="/:dishId">
        {(params: { dishId: string }) => <DishEditor key={params.dishId} dishId={Number(params.dishId)} />}
      </Route>
      <Route path="/">
        <DishList />
      </Route>
    </Switch>
  );
}
