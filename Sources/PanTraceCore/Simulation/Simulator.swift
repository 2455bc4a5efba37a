/// Placeholder until the simulator lands (SPEC 4).
public enum Simulator {}
