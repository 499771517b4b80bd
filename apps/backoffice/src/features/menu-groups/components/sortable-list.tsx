import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { cx } from '@storefront/web/src/shared/ui/class-names.ts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './menu-groups.module.css';

/** The new order of `ids` after the item `from` is dropped over the item `to`; null when nothing moved. */
export function movedOrder(ids: readonly number[], from: UniqueIdentifier, to: UniqueIdentifier | undefined) {
  if (to === undefined || from === to) return null;
  const oldIndex = ids.indexOf(Number(from));
  const newIndex = ids.indexOf(Number(to));
  if (oldIndex < 0 || newIndex < 0) return null;
  return arrayMove([...ids], oldIndex, newIndex);
}

interface SortableListProps<T extends { id: number }> {
  items: readonly T[];
  /** The item's name, read out by the handle's label and the live announcements. */
  nameOf: (item: T) => string;
  /** The whole list's ids in the new order. */
  onReorder: (ids: number[]) => void;
  /** While saving, or for a role that may not change the menu: the handles are off. */
  disabled?: boolean;
  label: string;
  children: (item: T, handle: ReactNode) => ReactNode;
}

/**
 * A list reordered by drag and drop (a pointer: mouse, pen or finger) or by the keyboard (the handle focused,
 * Space, arrows, Space; Escape cancels), each move announced in the interface language.
 */
export function SortableList<T extends { id: number }>({
  items,
  nameOf,
  onReorder,
  disabled = false,
  label,
  children,
}: SortableListProps<T>) {
  const { t } = useTranslation('menuGroups');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = items.map((item) => item.id);
  const nameById = (id: UniqueIdentifier) => {
    const item = items.find((candidate) => candidate.id === Number(id));
    return item ? nameOf(item) : '';
  };
  const position = (id: UniqueIdentifier | undefined) => ids.indexOf(Number(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      t('announcePicked', { name: nameById(active.id), position: position(active.id), count: ids.length }),
    onDragOver: ({ active, over }) =>
      over
        ? t('announceOver', { name: nameById(active.id), position: position(over.id), count: ids.length })
        : '',
    onDragEnd: ({ active, over }) =>
      over
        ? t('announceDropped', { name: nameById(active.id), position: position(over.id), count: ids.length })
        : t('announceCancelled', { name: nameById(active.id) }),
    onDragCancel: ({ active }) => t('announceCancelled', { name: nameById(active.id) }),
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const next = movedOrder(ids, active.id, over?.id);
    if (next) onReorder(next);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('reorderHint') } }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={disabled}>
        <ul className={styles.list} aria-label={label}>
          {items.map((item) => (
            <SortableRow key={item.id} id={item.id} name={nameOf(item)} disabled={disabled}>
              {(handle) => children(item, handle)}
            </SortableRow>
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({
  id,
  name,
  disabled,
  children,
}: {
  id: number;
  name: string;
  disabled: boolean;
  children: (handle: ReactNode) => ReactNode;
}) {
  const { t } = useTranslation('menuGroups');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id, disabled });
  const handle = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      className={styles.handle}
      {...attributes}
      {...listeners}
      aria-label={t('dragHandle', { name })}
      disabled={disabled}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path
          fill="currentColor"
          d="M9 5a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0Zm9 0a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0ZM9 12a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0Zm9 0a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0ZM9 19a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0Zm9 0a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0Z"
        />
      </svg>
    </button>
  );
  return (
    <li
      ref={setNodeRef}
      className={cx(styles.row, isDragging && styles.dragging)}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      {children(handle)}
    </li>
  );
}
