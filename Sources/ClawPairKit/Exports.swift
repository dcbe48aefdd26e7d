// Users of ClawPairKit get the wire types (setup codes, errors, JSON) with one import.
@_exported import ClawPairWire
