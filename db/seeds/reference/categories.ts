/**
 * The automotive purchasing category tree: large → middle → small. Codes nest (10 → 1010 → 101001).
 * Small categories belong to the CMT of their middle (or large) category.
 */
interface SmallSeed {
  code: string;
  zh: string;
  en: string;
  /** 20 = disabled (req flow §3.18). */
  status?: 10 | 20;
  /** 1 = high potential, 2 = eliminated. */
  lifeCycle?: 0 | 1 | 2;
}

interface MiddleSeed {
  code: string;
  zh: string;
  en: string;
  cmt?: string;
  children: readonly SmallSeed[];
}

export interface LargeSeed {
  code: string;
  zh: string;
  en: string;
  cmt: string;
  children: readonly MiddleSeed[];
}

type Row = [code: string, zh: string, en: string, extra?: Pick<SmallSeed, 'status' | 'lifeCycle'>];
const small = (rows: Row[]): SmallSeed[] => rows.map(([code, zh, en, extra]) => ({ code, zh, en, ...extra }));

export const CATEGORY_TREE: readonly LargeSeed[] = [
  { code: '10', zh: '车身', en: 'Body', cmt: 'CMT_BODY', children: [
    { code: '1010', zh: '冲压件', en: 'Stampings', children: small([
      ['101001', '白车身冲压件', 'Body-in-white stampings'],
      ['101002', '车门冲压件', 'Door stampings'],
      ['101003', '热成型件', 'Hot-formed parts'],
      ['101004', '铝合金冲压件', 'Aluminium stampings'],
    ]) },
    { code: '1020', zh: '焊接总成', en: 'Welded assemblies', children: small([
      ['102001', '前纵梁总成', 'Front rail assemblies'],
      ['102002', '地板总成', 'Floor assemblies'],
      ['102003', '侧围总成', 'Body side assemblies'],
    ]) },
    { code: '1030', zh: '车身附件', en: 'Body hardware', children: small([
      ['103001', '门铰链', 'Door hinges'],
      ['103002', '门锁', 'Door latches'],
      ['103003', '密封条', 'Weather strips'],
      ['103004', '车身紧固件', 'Body fasteners'],
    ]) },
  ] },
  { code: '20', zh: '底盘', en: 'Chassis', cmt: 'CMT_CHASSIS', children: [
    { code: '2010', zh: '悬架系统', en: 'Suspension', children: small([
      ['201001', '减振器', 'Shock absorbers'],
      ['201002', '螺旋弹簧', 'Coil springs'],
      ['201003', '稳定杆', 'Stabiliser bars'],
      ['201004', '控制臂', 'Control arms'],
    ]) },
    { code: '2020', zh: '制动系统', en: 'Brakes', children: small([
      ['202001', '制动卡钳', 'Brake calipers'],
      ['202002', '制动盘', 'Brake discs'],
      ['202003', '电子驻车制动', 'Electric parking brakes'],
      ['202004', '线控制动', 'Brake-by-wire units'],
    ]) },
    { code: '2030', zh: '转向系统', en: 'Steering', children: small([
      ['203001', '电动助力转向', 'Electric power steering'],
      ['203002', '转向管柱', 'Steering columns'],
      ['203003', '转向拉杆', 'Tie rods'],
    ]) },
    { code: '2040', zh: '车轮与轮胎', en: 'Wheels and tyres', children: small([
      ['204001', '铝合金车轮', 'Alloy wheels'],
      ['204002', '轮胎', 'Tyres'],
      ['204003', '胎压监测', 'Tyre pressure monitoring'],
    ]) },
  ] },
  { code: '30', zh: '动力总成', en: 'Powertrain', cmt: 'CMT_POWERTRAIN', children: [
    { code: '3010', zh: '发动机零部件', en: 'Engine components', children: small([
      ['301001', '缸体缸盖', 'Cylinder blocks and heads'],
      ['301002', '曲轴连杆', 'Crankshafts and connecting rods'],
      ['301003', '涡轮增压器', 'Turbochargers'],
      ['301004', '化油器', 'Carburettors', { status: 20, lifeCycle: 2 }],
    ]) },
    { code: '3020', zh: '变速器', en: 'Transmissions', children: small([
      ['302001', '齿轮', 'Gears'],
      ['302002', '离合器', 'Clutches'],
      ['302003', '双离合变速器', 'Dual-clutch transmissions'],
      ['302004', '减速器', 'Reduction gearboxes'],
    ]) },
    { code: '3030', zh: '排气系统', en: 'Exhaust', children: small([
      ['303001', '三元催化器', 'Catalytic converters'],
      ['303002', '消声器', 'Mufflers'],
      ['303003', '汽油机颗粒捕集器', 'Gasoline particulate filters'],
    ]) },
    { code: '3040', zh: '燃油系统', en: 'Fuel system', children: small([
      ['304001', '燃油箱', 'Fuel tanks', { lifeCycle: 2 }],
      ['304002', '燃油泵', 'Fuel pumps'],
    ]) },
  ] },
  { code: '40', zh: '电子电器', en: 'Electrical and electronics', cmt: 'CMT_EE', children: [
    { code: '4010', zh: '线束与连接器', en: 'Wiring and connectors', children: small([
      ['401001', '整车线束', 'Vehicle wiring harnesses'],
      ['401002', '高压线束', 'High-voltage harnesses'],
      ['401003', '连接器', 'Connectors'],
    ]) },
    { code: '4020', zh: '控制器', en: 'Control units', children: small([
      ['402001', '车身控制器', 'Body control modules'],
      ['402002', '中央网关', 'Central gateways'],
      ['402003', '域控制器', 'Domain controllers'],
    ]) },
    { code: '4030', zh: '智能驾驶', en: 'Driver assistance', children: small([
      ['403001', '毫米波雷达', 'Radar sensors'],
      ['403002', '摄像头', 'Cameras'],
      ['403003', '激光雷达', 'Lidar sensors', { lifeCycle: 1 }],
      ['403004', '超声波雷达', 'Ultrasonic sensors'],
    ]) },
    { code: '4040', zh: '智能座舱', en: 'Smart cockpit', children: small([
      ['404001', '中控屏', 'Centre displays'],
      ['404002', '组合仪表', 'Instrument clusters'],
      ['404003', '车载音响', 'Audio systems'],
      ['404004', '车载通信终端', 'Telematics boxes'],
    ]) },
    { code: '4050', zh: '灯具', en: 'Lighting', cmt: 'CMT_BODY', children: small([
      ['405001', '前大灯', 'Headlamps'],
      ['405002', '尾灯', 'Rear lamps'],
      ['405003', '氛围灯', 'Ambient lighting'],
    ]) },
  ] },
  { code: '50', zh: '内饰', en: 'Interior', cmt: 'CMT_INTERIOR', children: [
    { code: '5010', zh: '座椅', en: 'Seats', children: small([
      ['501001', '座椅总成', 'Seat assemblies'],
      ['501002', '座椅骨架', 'Seat frames'],
      ['501003', '座椅面套', 'Seat covers'],
    ]) },
    { code: '5020', zh: '仪表板与副仪表板', en: 'Instrument panels and consoles', children: small([
      ['502001', '仪表板总成', 'Instrument panel assemblies'],
      ['502002', '副仪表板', 'Centre consoles'],
    ]) },
    { code: '5030', zh: '内饰件', en: 'Interior trim', children: small([
      ['503001', '门内饰板', 'Door trim panels'],
      ['503002', '顶棚', 'Headliners'],
      ['503003', '地毯', 'Carpets'],
      ['503004', '立柱饰板', 'Pillar trims'],
    ]) },
    { code: '5040', zh: '被动安全', en: 'Passive safety', children: small([
      ['504001', '安全气囊', 'Airbags'],
      ['504002', '安全带', 'Seat belts'],
      ['504003', '方向盘', 'Steering wheels'],
    ]) },
  ] },
  { code: '60', zh: '外饰', en: 'Exterior', cmt: 'CMT_BODY', children: [
    { code: '6010', zh: '保险杠', en: 'Bumpers', children: small([
      ['601001', '前保险杠', 'Front bumpers'],
      ['601002', '后保险杠', 'Rear bumpers'],
    ]) },
    { code: '6020', zh: '外饰件', en: 'Exterior trim', children: small([
      ['602001', '进气格栅', 'Grilles'],
      ['602002', '外后视镜', 'Exterior mirrors'],
      ['602003', '扰流板', 'Spoilers'],
      ['602004', '车标', 'Badges'],
    ]) },
    { code: '6030', zh: '玻璃与天窗', en: 'Glazing and sunroofs', children: small([
      ['603001', '风挡玻璃', 'Windscreens'],
      ['603002', '天窗', 'Sunroofs'],
      ['603003', '雨刮系统', 'Wiper systems'],
    ]) },
  ] },
  { code: '70', zh: '热管理', en: 'Thermal management', cmt: 'CMT_NEV', children: [
    { code: '7010', zh: '空调系统', en: 'Air conditioning', children: small([
      ['701001', '空调箱总成', 'HVAC modules'],
      ['701002', '电动压缩机', 'Electric compressors'],
      ['701003', '热泵总成', 'Heat pump modules'],
    ]) },
    { code: '7020', zh: '冷却系统', en: 'Cooling', children: small([
      ['702001', '散热器', 'Radiators'],
      ['702002', '电子水泵', 'Electric water pumps'],
      ['702003', '冷却风扇', 'Cooling fans'],
    ]) },
  ] },
  { code: '80', zh: '电池与电驱', en: 'Battery and e-drive', cmt: 'CMT_NEV', children: [
    { code: '8010', zh: '动力电池', en: 'Traction battery', children: small([
      ['801001', '电芯', 'Battery cells', { lifeCycle: 1 }],
      ['801002', '电池包', 'Battery packs'],
      ['801003', '电池管理系统', 'Battery management systems'],
    ]) },
    { code: '8020', zh: '电驱系统', en: 'Electric drive', cmt: 'CMT_POWERTRAIN', children: small([
      ['802001', '驱动电机', 'Drive motors'],
      ['802002', '电机控制器', 'Inverters'],
      ['802003', '三合一电驱总成', 'Three-in-one e-axles'],
    ]) },
    { code: '8030', zh: '充电系统', en: 'Charging', children: small([
      ['803001', '车载充电机', 'On-board chargers'],
      ['803002', 'DC-DC变换器', 'DC-DC converters'],
      ['803003', '充电插座', 'Charging inlets'],
    ]) },
  ] },
];
