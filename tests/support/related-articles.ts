/**
 * Articles about Kubernetes for related-term tests: eight that name it, in its own vocabulary
 * (kubelet, helm, etcd, sidecar, pods, ingress, rollout), and one that never names it but speaks
 * that vocabulary. Titles first, then summaries.
 */
export const K8S_NAMING = [
  ["Kubernetes 1.34 ships a faster kubelet", "Pods start sooner; helm charts and etcd upgrades get simpler."],
  ["Running Kubernetes at the edge", "A small etcd, a light kubelet and fewer sidecar pods."],
  [
    "Kubernetes ingress controllers compared",
    "Helm charts for five ingress controllers, with rollout notes and sidecar costs.",
  ],
  ["What broke in our Kubernetes upgrade", "The kubelet restarted pods during the rollout; etcd snapshots saved us."],
  ["Kubernetes operators, one year on", "Helm or operators for etcd? Rollout safety, sidecar injection and pods."],
  ["A Kubernetes security checklist", "Lock down the kubelet, scan helm charts, restrict ingress and etcd access."],
  ["Kubernetes cost tuning", "Right-size pods, trim sidecar containers, and stagger each rollout."],
  ["Debugging Kubernetes networking", "Ingress rules, kubelet logs and a sidecar proxy that ate the pods' traffic."],
];
export const K8S_RELATED = [
  "Helm chart rollout went sideways",
  "Our pods kept restarting after the kubelet upgrade until we pinned the sidecar image and restored etcd.",
];
