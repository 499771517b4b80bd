import { mayAdmin } from '@storefront/domain';
import { useTranslation } from 'react-i18next';
import screen from '../../../entities/menu-parts/menu-part-screen.module.css';
import { useStaffSession } from '../../../entities/staff-session/staff-session.ts';
import { Route, Switch, useParams } from '../../../shared/navigation.tsx';
import { BrandPageEditor } from './brand-page-editor.tsx';
import { BrandPageList } from './brand-page-list.tsx';

/** /admin/brand/pages: the list, /new and /{id} (a page's editor with its preview). */
export function BrandPagesScreen() {
  const { t } = useTranslation('brandPages');
  const role = useStaffSession()?.staff.role;
  if (!role || !mayAdmin(role, 'brand.manage'))
    return (
      <p className={screen.state} role="alert">
        {t('ownersOnly')}
      </p>
    );
  return (
    <Switch>
      <Route path="/new">
        <BrandPageEditor id={null} />
      </Route>
      <Route path="/:id">
        <EditorOfParam />
      </Route>
      <Route>
        <BrandPageList />
      </Route>
    </Switch>
  );
}

function EditorOfParam() {
  const { id } = useParams<{ id: string }>();
  const number = Number(id);
  return <BrandPageEditor key={id} id={Number.isSafeInteger(number) && number > 0 ? number : -1} />;
}
