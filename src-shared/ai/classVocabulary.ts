/**
 * How people name the things a detector finds, in English and Chinese: for each COCO class its
 * synonyms and translations, and the group it belongs to (COCO's supercategories, named as a
 * project would name a label: "Animal 动物", "Vehicle 交通工具"). Words are written as people
 * write them; classMatch.ts compares them loosely (case, spaces, plurals).
 *
 * A team's own model with other class names still matches labels by its class names and the
 * labels' aliases; only COCO's words are known here.
 */

/** A concept: the words for it, the first being the model's class name. */
export interface Concept {
  words: readonly string[];
  group?: GroupId;
}

export const GROUP_IDS = ['vehicle', 'animal', 'food', 'furniture', 'electronics', 'appliance', 'kitchenware', 'accessory', 'sports', 'street', 'household'] as const;
export type GroupId = (typeof GROUP_IDS)[number];

/** Words a label uses when it names a whole group. */
export const GROUP_WORDS: Record<GroupId, readonly string[]> = {
  vehicle: ['vehicle', 'transport', 'transportation', 'conveyance', 'means of transport', '交通工具', '车辆', '载具', '运输工具'],
  animal: ['animal', 'creature', 'fauna', 'wildlife', '动物', '动物类', '野生动物'],
  food: ['food', 'meal', 'dish', 'snack', '食物', '食品', '菜品', '吃的'],
  furniture: ['furniture', 'furnishing', '家具'],
  electronics: ['electronics', 'electronic device', 'device', 'gadget', '电子产品', '电子设备', '数码产品'],
  appliance: ['appliance', 'home appliance', 'household appliance', '家电', '电器', '家用电器'],
  kitchenware: ['kitchenware', 'tableware', 'utensil', 'dishware', 'cutlery', '餐具', '厨具', '厨房用品'],
  accessory: ['accessory', 'personal item', 'personal belonging', '配饰', '随身物品', '箱包'],
  sports: ['sports equipment', 'sport equipment', 'sports gear', 'sporting goods', '运动器材', '体育用品', '运动用品'],
  street: ['street furniture', 'road furniture', 'traffic object', '道路设施', '街道设施', '交通设施'],
  household: ['household item', 'household object', 'indoor object', '日用品', '家居用品', '生活用品'],
};

/**
 * Words of a label that takes whatever no other label does: "Object 物品", "Other 其他". A model's
 * class going there is a guess, so the mapping asks before it uses one.
 */
export const CATCH_ALL_WORDS: readonly string[] = ['object', 'thing', 'item', 'other', 'others', 'misc', 'miscellaneous', 'stuff', 'goods', '物品', '物体', '东西', '其他', '其它', '杂物', '目标'];

/** COCO's 80 classes, each with the words people use for it. */
export const COCO_CONCEPTS: readonly Concept[] = [
  { words: ['person', 'people', 'human', 'pedestrian', 'man', 'woman', 'child', 'kid', 'boy', 'girl', 'adult', '人', '人物', '行人', '人类', '人员', '路人', '人体'] },
  { words: ['bicycle', 'bike', 'cycle', '自行车', '单车', '脚踏车'], group: 'vehicle' },
  { words: ['car', 'automobile', 'auto', 'sedan', 'passenger car', 'motorcar', '汽车', '小汽车', '轿车', '车', '小车'], group: 'vehicle' },
  { words: ['motorcycle', 'motorbike', 'scooter', 'moped', '摩托车', '摩托', '电动车'], group: 'vehicle' },
  { words: ['airplane', 'aeroplane', 'plane', 'aircraft', 'jet', 'airliner', '飞机', '客机'], group: 'vehicle' },
  { words: ['bus', 'coach', 'minibus', '公交车', '公共汽车', '巴士', '大巴', '客车'], group: 'vehicle' },
  { words: ['train', 'locomotive', 'railway', 'tram', '火车', '列车', '动车', '有轨电车'], group: 'vehicle' },
  { words: ['truck', 'lorry', 'pickup', 'van', '卡车', '货车', '皮卡'], group: 'vehicle' },
  { words: ['boat', 'ship', 'vessel', 'yacht', 'canoe', '船', '船只', '小船', '轮船'], group: 'vehicle' },
  { words: ['traffic light', 'traffic signal', 'stoplight', '红绿灯', '交通灯', '信号灯'], group: 'street' },
  { words: ['fire hydrant', 'hydrant', '消防栓'], group: 'street' },
  { words: ['stop sign', '停车标志', '停止标志'], group: 'street' },
  { words: ['parking meter', '停车计时器', '咪表'], group: 'street' },
  { words: ['bench', '长椅', '长凳'], group: 'street' },
  { words: ['bird', 'fowl', '鸟', '鸟类', '飞鸟'], group: 'animal' },
  { words: ['cat', 'kitten', 'kitty', '猫', '猫咪', '小猫'], group: 'animal' },
  { words: ['dog', 'puppy', 'hound', '狗', '小狗', '犬'], group: 'animal' },
  { words: ['horse', 'pony', 'foal', '马', '马匹'], group: 'animal' },
  { words: ['sheep', 'lamb', '羊', '绵羊'], group: 'animal' },
  { words: ['cow', 'cattle', 'bull', 'ox', 'calf', '牛', '奶牛', '黄牛'], group: 'animal' },
  { words: ['elephant', '大象', '象'], group: 'animal' },
  { words: ['bear', '熊'], group: 'animal' },
  { words: ['zebra', '斑马'], group: 'animal' },
  { words: ['giraffe', '长颈鹿'], group: 'animal' },
  { words: ['backpack', 'rucksack', 'knapsack', '背包', '双肩包'], group: 'accessory' },
  { words: ['umbrella', 'parasol', '伞', '雨伞'], group: 'accessory' },
  { words: ['handbag', 'purse', 'bag', '手提包', '手袋', '包'], group: 'accessory' },
  { words: ['tie', 'necktie', '领带'], group: 'accessory' },
  { words: ['suitcase', 'luggage', 'trolley case', '行李箱', '手提箱', '拉杆箱'], group: 'accessory' },
  { words: ['frisbee', 'flying disc', '飞盘'], group: 'sports' },
  { words: ['skis', 'ski', '滑雪板', '雪橇'], group: 'sports' },
  { words: ['snowboard', '单板滑雪板'], group: 'sports' },
  { words: ['sports ball', 'ball', 'football', 'soccer ball', 'basketball', 'volleyball', 'tennis ball', '球', '足球', '篮球', '排球'], group: 'sports' },
  { words: ['kite', '风筝'], group: 'sports' },
  { words: ['baseball bat', 'bat', '球棒', '棒球棒'], group: 'sports' },
  { words: ['baseball glove', 'mitt', '棒球手套'], group: 'sports' },
  { words: ['skateboard', '滑板'], group: 'sports' },
  { words: ['surfboard', '冲浪板'], group: 'sports' },
  { words: ['tennis racket', 'racket', 'racquet', '网球拍', '球拍'], group: 'sports' },
  { words: ['bottle', '瓶子', '瓶'], group: 'kitchenware' },
  { words: ['wine glass', 'glass', 'goblet', '酒杯', '高脚杯'], group: 'kitchenware' },
  { words: ['cup', 'mug', 'teacup', 'coffee cup', '杯子', '杯', '茶杯', '马克杯', '咖啡杯'], group: 'kitchenware' },
  { words: ['fork', '叉子', '叉'], group: 'kitchenware' },
  { words: ['knife', '刀', '刀子', '餐刀'], group: 'kitchenware' },
  { words: ['spoon', '勺子', '汤匙', '勺'], group: 'kitchenware' },
  { words: ['bowl', '碗'], group: 'kitchenware' },
  { words: ['banana', '香蕉'], group: 'food' },
  { words: ['apple', '苹果'], group: 'food' },
  { words: ['sandwich', '三明治'], group: 'food' },
  { words: ['orange', '橙子', '橘子', '橙'], group: 'food' },
  { words: ['broccoli', '西兰花', '花椰菜'], group: 'food' },
  { words: ['carrot', '胡萝卜'], group: 'food' },
  { words: ['hot dog', 'hotdog', '热狗'], group: 'food' },
  { words: ['pizza', '披萨', '比萨'], group: 'food' },
  { words: ['donut', 'doughnut', '甜甜圈', '甜圈'], group: 'food' },
  { words: ['cake', '蛋糕'], group: 'food' },
  { words: ['chair', 'seat', 'stool', '椅子', '凳子', '座椅'], group: 'furniture' },
  { words: ['couch', 'sofa', 'settee', '沙发'], group: 'furniture' },
  { words: ['potted plant', 'plant', 'houseplant', 'flowerpot', '盆栽', '植物', '盆景'], group: 'furniture' },
  { words: ['bed', '床'], group: 'furniture' },
  { words: ['dining table', 'table', 'desk', '餐桌', '桌子', '桌'], group: 'furniture' },
  { words: ['toilet', '马桶', '坐便器'], group: 'furniture' },
  { words: ['tv', 'television', 'tv monitor', 'monitor', 'screen', 'display', '电视', '电视机', '显示器', '屏幕'], group: 'electronics' },
  { words: ['laptop', 'notebook computer', 'notebook', 'computer', '笔记本电脑', '笔记本', '电脑'], group: 'electronics' },
  { words: ['mouse', 'computer mouse', '鼠标'], group: 'electronics' },
  { words: ['remote', 'remote control', 'controller', '遥控器'], group: 'electronics' },
  { words: ['keyboard', '键盘'], group: 'electronics' },
  { words: ['cell phone', 'cellphone', 'mobile phone', 'phone', 'smartphone', 'telephone', '手机', '电话', '移动电话'], group: 'electronics' },
  { words: ['microwave', 'microwave oven', '微波炉'], group: 'appliance' },
  { words: ['oven', 'stove', '烤箱', '炉子'], group: 'appliance' },
  { words: ['toaster', '烤面包机', '多士炉'], group: 'appliance' },
  { words: ['sink', 'basin', 'washbasin', '水槽', '水池', '洗手池'], group: 'appliance' },
  { words: ['refrigerator', 'fridge', 'freezer', '冰箱', '电冰箱'], group: 'appliance' },
  { words: ['book', 'magazine', '书', '书本', '书籍'], group: 'household' },
  { words: ['clock', 'watch', '钟', '时钟', '钟表'], group: 'household' },
  { words: ['vase', '花瓶'], group: 'household' },
  { words: ['scissors', 'shears', '剪刀'], group: 'household' },
  { words: ['teddy bear', 'stuffed animal', 'plush toy', 'soft toy', '泰迪熊', '玩具熊', '毛绒玩具'], group: 'household' },
  { words: ['hair drier', 'hair dryer', 'hairdryer', 'blow dryer', '吹风机', '电吹风'], group: 'household' },
  { words: ['toothbrush', '牙刷'], group: 'household' },
];

/** Chinese words for each body part, as skeleton points are named ("左肩", "左肩膀"). */
const KEYPOINT_ZH = {
  eye: ['眼', '眼睛'],
  ear: ['耳', '耳朵'],
  shoulder: ['肩', '肩膀'],
  elbow: ['肘', '手肘', '肘部'],
  wrist: ['腕', '手腕', '腕部'],
  hip: ['髋', '胯', '臀', '髋部'],
  knee: ['膝', '膝盖'],
  ankle: ['踝', '脚踝', '踝部'],
} as const;

/** The 17 COCO keypoints (the pose model's names) with the words skeletons use for them. */
export const KEYPOINT_CONCEPTS: readonly Concept[] = [
  { words: ['nose', '鼻子', '鼻', '鼻尖'] },
  ...(['eye', 'ear', 'shoulder', 'elbow', 'wrist', 'hip', 'knee', 'ankle'] as const).flatMap((part) => {
    const zh = KEYPOINT_ZH[part];
    return (['left', 'right'] as const).map((side) => {
      const s = side === 'left' ? { en: 'left', l: 'l', zh: '左' } : { en: 'right', l: 'r', zh: '右' };
      return {
        words: [
          `${s.en}_${part}`, `${s.en} ${part}`, `${part} ${s.en}`, `${s.l} ${part}`, `${part} ${s.l}`, `${s.l}${part}`,
          ...zh.map((w) => `${s.zh}${w}`),
        ],
      };
    });
  }),
];
