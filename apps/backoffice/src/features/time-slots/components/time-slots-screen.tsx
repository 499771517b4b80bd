import { Route, Switch, useParams } from '../../../shared/navigation.tsx';
import { TimeSlotEditor } from './time-slot-editor.tsx';
import { TimeSlotList } from './time-slot-list.tsx';

/** /admin/menu/time-slots: the list, /new and /{id} (a slot's form). */
export function TimeSlotsScreen() {
  return (
    <Switch>
      <Route path="/new">
        <TimeSlotEditor id={null} />
      </Route>
      <Route path="/:id">
        <EditorOfParam />
      </Route>
      <Route>
        <TimeSlotList />
      </Route>
    </Switch>
  );
}

function EditorOfParam() {
  const { id } = useParams<{ id: string }>();
  const number = Number(id);
  return <TimeSlotEditor key={id} id={Number.isSafeInteger(number) && number > 0 ? number : -1} />;
}
