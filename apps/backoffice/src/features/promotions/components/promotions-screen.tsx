import { Route, Switch, useParams } from '../../../shared/navigation.tsx';
import { PromotionEditor } from './promotion-editor.tsx';
import { PromotionList } from './promotion-list.tsx';

/** /admin/marketing/promotions: the list, /new and /{id} (a promotion's form). */
export function PromotionsScreen() {
  return (
    <Switch>
      <Route path="/new">
        <PromotionEditor id={null} />
      </Route>
      <Route path="/:id">
        <EditorOfParam />
      </Route>
      <Route>
        <PromotionList />
      </Route>
    </Switch>
  );
}

function EditorOfParam() {
  const { id } = useParams<{ id: string }>();
  const number = Number(id);
  return <PromotionEditor key={id} id={Number.isSafeInteger(number) && number > 0 ? number : -1} />;
}
