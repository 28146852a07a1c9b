import { useId, useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from "@dnd-kit/core";
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import type { SectionOrderItem } from "@graph/core/modules/profile/rules";
import { moveSection } from "../profile.ts";
import { saveSectionOrder, sectionOrderQuery } from "../api.ts";
import { QueryState } from "../../../components/QueryState.tsx";
import { Section } from "../../../components/Section.tsx";
import { saveButtonText, useSaveState } from "../../../hooks/use-save-state.ts";
import { SECTION_NAMES } from "../section-names.ts";
import { useToast } from "../../../components/Toasts.tsx";
import "./profile-tab.css";

const FAILED = "Failed to save order.";

/**
 * The order and visibility of the public page's sections. Rows are dragged by their handle
 * with a pointer, or with the keyboard (focus the handle, space to lift, arrows to move, space
 * to drop, escape to cancel); the arrow buttons do the same one step at a time.
 */
export function SectionOrder({ userId }: { userId: string }) {
  const order = useQuery(sectionOrderQuery(userId));
  return (
    <Section title="profile module order" level={3} testId="profile-section-order">
      <QueryState query={order} what="your section order" keepDataOnError>
        {(saved) => <OrderEditor userId={userId} saved={saved.sectionOrder} />}
      </QueryState>
    </Section>
  );
}

function OrderEditor({ userId, saved }: { userId: string; saved: SectionOrderItem[] }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [items, setItems] = useState<SectionOrderItem[]>(saved);
  const [state, settle] = useSaveState();
  const hintId = useId();
  const sensors = useSensors(
    useSensor(PointerSensor),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = items.findIndex((i) => i.id === active.id);
    const to = items.findIndex((i) => i.id === over.id);
    setItems((list) => moveSection(list, from, to));
  };

  const save = async () => {
    settle("saving");
    try {
      const answer = await saveSectionOrder(userId, items);
      queryClient.setQueryData(sectionOrderQuery(userId).queryKey, answer);
      setItems(answer.sectionOrder);
      settle("success");
    } catch (error) {
      console.error("saving the section order failed", error);
      settle("error");
      toast.alert(FAILED);
    }
  };

  return (
    <div className="tune-form">
      <p id={hintId} className="fine-print">
        drag a section by its handle, or focus the handle and press space, the arrow keys, then space again. unticked
        sections are hidden from your public page.
      </p>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={items.map((i) => i.id)} strategy={verticalListSortingStrategy}>
          <ol className="tune-profile__order" data-testid="profile-order-list">
            {items.map((item, index) => (
              <SortableRow
                key={item.id}
                item={item}
                hintId={hintId}
                first={index === 0}
                last={index === items.length - 1}
                move={(step) => setItems((list) => moveSection(list, index, index + step))}
                toggle={(visible) => setItems((list) => list.map((i) => (i.id === item.id ? { ...i, visible } : i)))}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      <div className="tune-form__row">
        <button
          type="button"
          className="button button--primary tune-form__submit"
          disabled={state === "saving"}
          data-state={state}
          onClick={() => void save()}
          data-testid="profile-order-save"
        >
          {saveButtonText(state, "save order")}
        </button>
      </div>
    </div>
  );
}

function SortableRow({
  item,
  hintId,
  first,
  last,
  move,
  toggle,
}: {
  item: SectionOrderItem;
  hintId: string;
  first: boolean;
  last: boolean;
  move: (step: number) => void;
  toggle: (visible: boolean) => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: item.id,
  });
  const name = SECTION_NAMES[item.id];
  return (
    <li
      ref={setNodeRef}
      className="tune-profile__order-row"
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-dragging={isDragging || undefined}
      data-testid="profile-order-row"
      data-section={item.id}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="tune-profile__handle"
        {...attributes}
        {...listeners}
        aria-label={`move ${name}`}
        aria-describedby={hintId}
        data-testid={`profile-order-handle-${item.id}`}
      >
        ⠿
      </button>
      <label className="tune-profile__order-label">
        <input
          type="checkbox"
          checked={item.visible}
          onChange={(event) => toggle(event.target.checked)}
          data-testid={`profile-order-visible-${item.id}`}
        />
        <span>{name}</span>
      </label>
      <button
        type="button"
        className="button button--ghost tune-profile__step"
        aria-label={`move ${name} up`}
        disabled={first}
        onClick={() => move(-1)}
        data-testid={`profile-order-up-${item.id}`}
      >
        ↑
      </button>
      <button
        type="button"
        className="button button--ghost tune-profile__step"
        aria-label={`move ${name} down`}
        disabled={last}
        onClick={() => move(1)}
        data-testid={`profile-order-down-${item.id}`}
      >
        ↓
      </button>
    </li>
  );
}
