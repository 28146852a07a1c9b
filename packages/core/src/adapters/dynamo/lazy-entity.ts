import { Entity as ElectroEntity } from "electrodb";

/**
 * ElectroDB's Entity, built when it is first used. ElectroDB normalises an entity's attributes,
 * indexes and filters when it is constructed; a function loads a hundred entity modules and uses
 * a few, and building them all at import was about a sixth of the API's cold start. Each module's
 * entity file writes `new Entity(schema, entityConfig())` as before; what it gets is a proxy that
 * builds the entity at its first use and forwards everything to it (typed as the entity itself).
 */
export const Entity = function LazyEntity(...args: ConstructorParameters<typeof ElectroEntity>) {
  return lazy(() => new ElectroEntity(...args));
} as unknown as typeof ElectroEntity;

function lazy<T extends object>(build: () => T): T {
  let built: T | undefined;
  const entity = () => (built ??= build());
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(entity(), key),
    set: (_, key, value) => Reflect.set(entity(), key, value),
    has: (_, key) => Reflect.has(entity(), key),
    ownKeys: () => Reflect.ownKeys(entity()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(entity(), key);
      // The stand-in target has none of the entity's properties: a proxy may only report them configurable.
      return descriptor && { ...descriptor, configurable: true };
    },
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(entity(), key, descriptor),
    deleteProperty: (_, key) => Reflect.deleteProperty(entity(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(entity()),
  });
}
