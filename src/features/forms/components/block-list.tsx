import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Copy, GripVertical, Pencil, Trash2, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '@/components/button';
import { Menu, MenuItem } from '@/components/menu';
import type { Block } from '@/lib/forms/engine';
import { blockName } from '../utils/block-name';
import type { BuilderAction } from '../utils/builder-reducer';
import { itemId, type Item } from '../utils/items';
import { BlockEditor } from './block-editor';
import styles from './forms.module.css';

type Dispatch = (action: BuilderAction) => void;

function SortableRow({
  item,
  name,
  pageNumber,
  open,
  onToggle,
  dispatch,
}: {
  item: Item;
  name: string;
  pageNumber: number;
  open: boolean;
  onToggle: () => void;
  dispatch: Dispatch;
}) {
  const { t } = useTranslation('forms');
  const id = itemId(item);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition } = useSortable({
    id,
  });
  const style = { transform: CSS.Transform.toString(transform), transition };
  const handle = (
    <IconButton
      ref={setActivatorNodeRef}
      className={styles.handle}
      label={t('builder.drag', { name })}
      icon={<GripVertical aria-hidden="true" />}
      {...attributes}
      {...listeners}
      aria-describedby="form-builder-drag-help"
    />
  );

  if (item.type === 'page') {
    return (
      <li ref={setNodeRef} style={style} className={styles.pageBreak} id={`item-${id}`}>
        {handle}
        <span>{t('builder.pageBreak', { number: pageNumber })}</span>
        <IconButton
          label={t('builder.deletePage')}
          icon={<Trash2 aria-hidden="true" />}
          onClick={() => dispatch({ type: 'remove', id })}
        />
      </li>
    );
  }
  const block: Block = item.block;
  return (
    <li ref={setNodeRef} style={style} className={styles.block} id={`item-${id}`}>
      <div className={styles.blockHead}>
        {handle}
        <div className={styles.blockTitle}>
          <span className={styles.kind}>{t(`builder.kinds.${block.kind}`)}</span>
          <strong>{name}</strong>
        </div>
        <IconButton
          label={open ? t('builder.close') : t('builder.edit', { name })}
          aria-expanded={open}
          aria-controls={`edit-${id}`}
          icon={open ? <X aria-hidden="true" /> : <Pencil aria-hidden="true" />}
          onClick={onToggle}
        />
        <Menu label={t('builder.more', { name })}>
          <MenuItem icon={<Copy />} onSelect={() => dispatch({ type: 'duplicate', id })}>
            {t('builder.duplicate')}
          </MenuItem>
          <MenuItem icon={<Trash2 />} tone="danger" onSelect={() => dispatch({ type: 'remove', id })}>
            {t('builder.delete')}
          </MenuItem>
        </Menu>
      </div>
      {open ? (
        <div id={`edit-${id}`} className={styles.blocks}>
          <BlockEditor
            block={block}
            onChange={(patch, field) => dispatch({ type: 'update', id, patch, field })}
          />
        </div>
      ) : null}
    </li>
  );
}

/**
 * The form's blocks and page breaks in order, sortable by dragging the handle or from the keyboard
 * (space picks up, arrows move, space drops, Escape cancels), each move announced in Norwegian.
 */
export function BlockList({
  items,
  openId,
  setOpenId,
  dispatch,
}: {
  items: Item[];
  openId: string | null;
  setOpenId: (id: string | null) => void;
  dispatch: Dispatch;
}) {
  const { t } = useTranslation('forms');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  // The first page marker stays put: every block before the first break is on it.
  const movable = items.slice(1);
  const ids = movable.map(itemId);
  const names = new Map(
    items.map((item, index) => [
      itemId(item),
      item.type === 'block'
        ? blockName(item.block, t('builder.untitled'))
        : t('builder.pageBreak', {
            number: items.slice(0, index + 1).filter((each) => each.type === 'page').length,
          }),
    ]),
  );
  const nameOf = (id: UniqueIdentifier) => names.get(String(id)) ?? '';
  const position = (id: UniqueIdentifier | undefined) => ids.indexOf(String(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      t('builder.picked', { name: nameOf(active.id), position: position(active.id), total: ids.length }),
    onDragOver: ({ active, over }) =>
      over
        ? t('builder.over', { name: nameOf(active.id), position: position(over.id), total: ids.length })
        : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? t('builder.moved', { name: nameOf(active.id), position: position(over.id), total: ids.length })
        : undefined,
    onDragCancel: ({ active }) => t('builder.cancelled', { name: nameOf(active.id) }),
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    dispatch({
      type: 'move',
      id: String(active.id),
      to: items.findIndex((item) => itemId(item) === over.id),
    });
  };

  const pageNumbers = movable.map(
    (_, index) => 1 + movable.slice(0, index + 1).filter((item) => item.type === 'page').length,
  );
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('builder.dragHelp') } }}
    >
      <p id="form-builder-drag-help" hidden>
        {t('builder.dragHelp')}
      </p>
      <h2>{t('builder.page', { number: 1 })}</h2>
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol className={styles.blocks} aria-label={t('builder.blocks')}>
          {movable.map((item, index) => {
            const id = itemId(item);
            return (
              <SortableRow
                key={id}
                item={item}
                name={nameOf(id)}
                pageNumber={pageNumbers[index] ?? 1}
                open={openId === id}
                onToggle={() => setOpenId(openId === id ? null : id)}
                dispatch={dispatch}
              />
            );
          })}
        </ol>
      </SortableContext>
      {movable.length === 0 ? <p>{t('builder.empty')}</p> : null}
    </DndContext>
  );
}
