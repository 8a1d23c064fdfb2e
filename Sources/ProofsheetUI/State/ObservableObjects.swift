import Foundation
import Synchronization

/// SwiftUI's `ObservableObject` (Combine's, on Apple platforms): a model class whose
/// `@Published` properties the views that hold it (`@StateObject`, `@ObservedObject`) read.
///
/// A `@Published` value lives in the screen's state, like `@State`'s, under the object's key (the
/// identity of the view that made it, with the property's name): every state of a timeline has
/// its own values, a write from a handler is a change of state, and an object is one object for
/// as long as its view is there. Properties that are not `@Published` are the object's own, and
/// a change of them is no change of state (as in SwiftUI, where they do not update a view).
public protocol ObservableObject: AnyObject {}

extension ObservableObject {
    /// What sends changes in Combine; here changes are seen by the state, and `send()` does
    /// nothing.
    public var objectWillChange: ObjectWillChangePublisher { ObjectWillChangePublisher() }
}

/// `objectWillChange`, for code that calls `send()`.
public struct ObjectWillChangePublisher: Sendable {
    public func send() {}
}

/// The keys of the objects the views hold, by object. The objects are held too, so that an
/// object's identity is never another's.
enum ObjectKeys {
    private static let keys = Mutex<[ObjectIdentifier: (key: String, object: ObjectHandle)]>([:])
    static func key(of object: AnyObject) -> String? { keys.withLock { $0[ObjectIdentifier(object)]?.key } }
    /// Gives `object` its key, unless it has one (an object passed down keeps its maker's).
    static func register(_ object: AnyObject, key: String) {
        keys.withLock { keys in
            if keys[ObjectIdentifier(object)] == nil { keys[ObjectIdentifier(object)] = (key, ObjectHandle(object: object)) }
        }
    }
}

/// SwiftUI's `@Published`: a property of an `ObservableObject` whose value is part of the
/// screen's state.
@propertyWrapper
public struct Published<Value> {
    /// The value before the object belongs to a view (set in its `init`), and after.
    private var own: Value

    public init(wrappedValue: Value) { own = wrappedValue }
    public init(initialValue: Value) { own = initialValue }

    @available(*, unavailable, message: "@Published is only for properties of classes")
    public var wrappedValue: Value {
        get { fatalError() }
        set { fatalError() }
    }

    /// The value as the enclosing object's views see it: from the state being drawn or
    /// changed when the object belongs to a view, else its own.
    @MainActor
    public static subscript<Object: ObservableObject>(
        _enclosingInstance object: Object, wrapped wrappedPath: ReferenceWritableKeyPath<Object, Value>,
        storage storagePath: ReferenceWritableKeyPath<Object, Published<Value>>
    ) -> Value {
        get {
            let own = object[keyPath: storagePath].own
            guard let key = Self.key(object, storagePath), let access = StateAccess.current, let value = access.read(key) as? Value else {
                return own
            }
            return value
        }
        set {
            if let key = Self.key(object, storagePath), let access = StateAccess.current, access.run != nil {
                access.write(key, newValue)
            } else {
                object[keyPath: storagePath].own = newValue
            }
        }
    }

    static func key<Object: AnyObject>(_ object: Object, _ path: AnyKeyPath) -> String? {
        ObjectKeys.key(of: object).map { "\($0)\(String(describing: path).drop { $0 != "." })" }
    }
}

/// SwiftUI's `@StateObject`: a model object the view makes once and keeps for as long as it is
/// there (the same object in every state of a timeline).
@propertyWrapper
public struct StateObject<ObjectType: ObservableObject>: DynamicProperty {
    let make: () -> ObjectType
    let box = ObjectBox()

    public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) { make = thunk }

    @MainActor public var wrappedValue: ObjectType {
        if let object = box.object as? ObjectType { return object }
        // Outside a screen's views: an object of its own.
        let object = make()
        box.object = object
        return object
    }
    @MainActor public var projectedValue: ObservedObject<ObjectType>.Wrapper { ObservedObject.Wrapper(object: wrappedValue) }
}

extension StateObject: InstalledProperty {
    func install(key: String, environment: EnvironmentValues) {
        guard let table = StateAccess.current?.objects else { return }
        box.object = table.object(at: key) {
            let object = make()
            ObjectKeys.register(object, key: key)
            return object
        }
    }
}

/// SwiftUI's `@ObservedObject`: a model object another view owns, read through.
@propertyWrapper
public struct ObservedObject<ObjectType: ObservableObject>: DynamicProperty {
    public var wrappedValue: ObjectType
    public init(wrappedValue: ObjectType) { self.wrappedValue = wrappedValue }
    public init(initialValue: ObjectType) { wrappedValue = initialValue }
    @MainActor public var projectedValue: Wrapper { Wrapper(object: wrappedValue) }

    /// `$model.name`: a binding to a property of the object.
    @dynamicMemberLookup
    public struct Wrapper {
        let object: ObjectType
        @MainActor public subscript<Value>(dynamicMember path: ReferenceWritableKeyPath<ObjectType, Value>) -> Binding<Value> {
            let object = UncheckedBox(object)
            nonisolated(unsafe) let path = path
            return Binding(get: { object.value[keyPath: path] }, set: { object.value[keyPath: path] = $0 })
        }
    }
}

extension ObservedObject: InstalledProperty {
    func install(key: String, environment: EnvironmentValues) { ObjectKeys.register(wrappedValue, key: key) }
}

/// Where a `@StateObject` keeps its object.
/// SwiftUI's `@EnvironmentObject`: a model an ancestor put in the environment with
/// `.environmentObject(_:)`, found by its type. A view that reads one no ancestor gave stops the
/// program with SwiftUI's own message.
@propertyWrapper
public struct EnvironmentObject<ObjectType: ObservableObject>: DynamicProperty {
    let box = ObjectBox()
    public init() {}

    @MainActor public var wrappedValue: ObjectType {
        guard let object = box.object as? ObjectType else {
            fatalError(
                "No ObservableObject of type \(ObjectType.self) found. A View.environmentObject(_:) for \(ObjectType.self) may be missing as an ancestor of this view."
            )
        }
        return object
    }
    /// `$model.value`: a binding to a property of the model.
    @MainActor public var projectedValue: ObservedObject<ObjectType>.Wrapper { ObservedObject.Wrapper(object: wrappedValue) }
}

extension EnvironmentObject: InstalledProperty {
    func install(key: String, environment: EnvironmentValues) {
        box.object = environment.objects[ObjectIdentifier(ObjectType.self)]?.object
        if let object = box.object { ObjectKeys.register(object, key: key) }
    }
}

final class ObjectBox: @unchecked Sendable {
    // NB: set on the main actor before the body is built, read there after.
    var object: AnyObject?
    init() {}
}

/// A screen's objects, by the key of the `@StateObject` that made each: one object per view,
/// whatever state is drawn (its `@Published` values are in the state).
final class ObjectTable: Sendable {
    private let objects = Mutex<[String: ObjectHandle]>([:])
    init() {}
    func object(at key: String, make: () -> AnyObject) -> AnyObject {
        if let found = objects.withLock({ $0[key] }) { return found.object }
        let object = make()
        objects.withLock { $0[key] = ObjectHandle(object: object) }
        return object
    }
}

final class ObjectHandle: @unchecked Sendable {
    // NB: objects are used on the main actor only.
    let object: AnyObject
    init(object: AnyObject) { self.object = object }
}
