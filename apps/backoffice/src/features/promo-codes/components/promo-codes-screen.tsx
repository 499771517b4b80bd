import { Route, Switch, useParams } from '../../../shared/navigation.tsx';
import { PromoCodeEditor } from './promo-code-editor.tsx';
import { PromoCodeList } from './promo-code-list.tsx';

/** /admin/marketing/promo-codes: the list, /new and /{id} (a code's form). */
export function PromoCodesScreen() {
  return (
    <Switch>
      <Route path="/new">
        <PromoCodeEditor id={null} />
      </Route>
      <Route path="/:id">
        <EditorOfParam />
      </Route>
      <Route>
        <PromoCodeList />
      </Route>
    </Switch>
  );
}

function EditorOfParam() {
  const { id } = useParams<{ id: string }>();
  const number = Number(id);
  return <PromoCodeEditor key={id} id={Number.isSafeInteger(number) && number > 0 ? number : -1} />;
}
